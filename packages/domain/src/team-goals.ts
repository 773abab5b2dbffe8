import { z } from 'zod';
import { addDays } from './dates.ts';

/*
 * Team goals and kind rankings (issue 37 §2, decision 0083, docs/rules.md "Team goals").
 */

/** Complete days each member of a team brings to its weekly goal. */
export const TEAM_GOAL_DAYS_PER_MEMBER = 3;

/** A team's weekly goal: 3 complete days per member, summed over the team (at least one member). */
export function teamWeeklyGoal(members: number): number {
  return TEAM_GOAL_DAYS_PER_MEMBER * Math.max(1, Math.floor(members));
}

/** The Monday-to-Sunday week (school calendar) that holds `isoDate`. */
export function weekOf(isoDate: string): { start: string; end: string } {
  const weekday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const start = addDays(isoDate, -weekday);
  return { start, end: addDays(start, 6) };
}

export interface TeamGoalProgress {
  goal: number;
  complete_days: number;
  reached: boolean;
}

/** The meter: the team's complete days of the week against its goal. */
export function teamGoalProgress(members: number, completeDays: number): TeamGoalProgress {
  const goal = teamWeeklyGoal(members);
  const done = Math.max(0, Math.floor(completeDays));
  return { goal, complete_days: done, reached: done >= goal };
}

/** How many of the weeks (each its team's complete days) reached the team's goal. */
export function goalsReached(weeksCompleteDays: readonly number[], members: number): number {
  return weeksCompleteDays.filter((days) => teamGoalProgress(members, days).reached).length;
}

/**
 * What students (and family members) see on the team leaderboard: teams by goals reached, or by
 * points as SPEC.md shows. Staff and coordinators always see points.
 */
export const TEAM_RANKING_MODES = ['goals', 'points'] as const;
export type TeamRankingMode = (typeof TEAM_RANKING_MODES)[number];
/**
 * A school's setting until its coordinator picks (decision 0083): SPEC.md's points, the contract a
 * school starts from; the Team ranking page recommends goals for schools of children under 13.
 */
export const NEW_SCHOOL_TEAM_RANKING: TeamRankingMode = 'points';

/** Whether a viewer with these roles sees the school's setting (true) or always points. */
export function seesKindRanking(roles: readonly string[]): boolean {
  return !roles.includes('staff') && !roles.includes('admin');
}

/** GET /teams/me/goal: this week's meter for the caller's team. */
export const teamGoalSchema = z.object({
  team_id: z.number().int(),
  week_start: z.iso.date(),
  week_end: z.iso.date(),
  members: z.number().int(),
  goal: z.number().int(),
  complete_days: z.number().int(),
  reached: z.boolean(),
});
export type TeamGoal = z.infer<typeof teamGoalSchema>;

export const TEAM_RANKING_MESSAGES = {
  invalid: /*i18n*/ 'Choose goals reached or points',
} as const;

/** GET and PUT /schools/{id}/team-ranking: the school's choice (its admins). */
export const teamRankingSettingSchema = z.object({
  ranking: z.enum(TEAM_RANKING_MODES, { error: TEAM_RANKING_MESSAGES.invalid }),
});
export type TeamRankingSetting = z.infer<typeof teamRankingSettingSchema>;

import { z } from 'zod';
import type { DayColor } from './colors.ts';
import { ROLE_NAMES } from './roles.ts';
import { publicSchoolSchema } from './wire.ts';

/**
 * Response shapes of the school-life calls (SPEC.md §3, §7; DESIGN.md §1.4–§1.5): the server
 * serialises with them, the browser reads with them. Money in dollars, dates ISO YYYY-MM-DD.
 */

const id = z.number().int();

/**
 * GET /schools/me: "{n} influenced by our school"; the time zone its times are shown in; the
 * school's join code for its staff and admins, null for anyone else (decision 0061).
 */
export const mySchoolSchema = z.object({
  id,
  name: z.string(),
  time_zone: z.string(),
  num_team_users: z.number().int(),
  code: z.string().nullable(),
});
export type MySchool = z.infer<typeof mySchoolSchema>;

/**
 * What a ranking ranks by (decision 0083): `points` as SPEC.md shows, or `goals` (weeks whose team
 * goal was reached), the school's setting for students and family members; then `points` is null.
 */
const rankedBy = z.enum(['goals', 'points']).default('points');
const shownPoints = z.number().int().nullable();

/** GET /teams/me: rank = 1 + teams of the school with more points (ties share a rank). */
export const myTeamSchema = z.object({
  id,
  name: z.string(),
  school: publicSchoolSchema,
  num_team_users: z.number().int(),
  rank: z.number().int(),
  num_teams: z.number().int(),
  points: shownPoints,
  ranked_by: rankedBy,
  /** Weeks of the active interval whose team goal was reached; null when ranked by points. */
  goals_reached: z.number().int().nullable().default(null),
  /** Whether the caller captains it: only the captain renames it (decision 0031). */
  is_captain: z.boolean(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

/** GET /teams/{id}/users: members by points, highest first. */
export const teamUserEntrySchema = z.object({
  user: z.object({ id, first_name: z.string(), last_name: z.string(), points: shownPoints }),
});
export type TeamUserEntry = z.infer<typeof teamUserEntrySchema>;
export const teamUsersSchema = z.array(teamUserEntrySchema);

/**
 * GET /schools/{id}/teams/ranking: the school's teams by points, the top ten and the caller's
 * own team wherever it stands (issue #16 §5). rank as GET /teams/me: 1 + teams with more points.
 */
export const TEAM_RANKING_TOP = 10;
export const rankedTeamSchema = z.object({
  id,
  name: z.string(),
  points: shownPoints,
  goals_reached: z.number().int().nullable().default(null),
  rank: z.number().int(),
});
export type RankedTeam = z.infer<typeof rankedTeamSchema>;
export const teamRankingSchema = z.object({
  num_teams: z.number().int(),
  ranked_by: rankedBy,
  teams: z.array(rankedTeamSchema),
  /** The caller's team; null for someone on no team of the school. */
  own_team: rankedTeamSchema.nullable(),
});
export type TeamRanking = z.infer<typeof teamRankingSchema>;

/** The two roles a coordinator switches between (PUT …/roles/{student|staff}). */
export const SWITCHABLE_ROLES = ['student', 'staff'] as const;
export type SwitchableRole = (typeof SWITCHABLE_ROLES)[number];

/** GET /schools/{id}/users (admins): user_school_roles lists only the staff or student role. */
export const schoolUserSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  /** Null: a student without an address (decision 0063). */
  email: z.string().nullable(),
  team_size: z.number().int(),
  user_school_roles: z.array(z.object({ role: z.object({ name: z.enum(ROLE_NAMES) }) })),
  school: z.object({ id }),
  grade: z.string().nullable(),
  homeroom: z.string().nullable(),
  /** Whether the person is also a coordinator (role admin) of the school (issue 35 §2). */
  is_coordinator: z.boolean(),
  /** A student whose family opted them out of the stress check-in (decision 0073). */
  stress_opted_out: z.boolean().default(false),
  /** A staff member named counsellor: they receive the children's talk requests. */
  is_counsellor: z.boolean().default(false),
});
export type SchoolUser = z.infer<typeof schoolUserSchema>;
export const schoolUsersSchema = z.array(schoolUserSchema);

/** GET /schools/{id}/staff and /students. last_activity_logged_at: ISO timestamp or null. */
export const pointsListEntrySchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  points: z.number().int(),
  last_activity_logged_at: z.string().nullable(),
});
export type PointsListEntry = z.infer<typeof pointsListEntrySchema>;
export const pointsListSchema = z.array(pointsListEntrySchema);

export const semesterRecordSchema = z.object({
  id,
  start_date: z.string(),
  end_date: z.string(),
  points_needed: z.number().int(),
  is_active: z.boolean(),
});
export type SemesterRecord = z.infer<typeof semesterRecordSchema>;
export const semestersResponseSchema = z.object({ semesters: z.array(semesterRecordSchema) });

const count = z.number().int();
/** Days per colour of SPEC.md §4 (`dayColor`); the keys are DAY_COLORS. */
export const colorCountSchema = z.object({
  dark_green: count,
  light_green: count,
  yellow: count,
  light_red: count,
  dark_red: count,
}) satisfies z.ZodType<Record<DayColor, number>>;

/**
 * GET /snapshots/weekly: the previous Monday–Sunday week, school-local. `semester` is the active
 * interval, or null when the school has none (then both point sums are 0).
 */
export const weeklySnapshotSchema = z.object({
  semester: z
    .object({ start_date: z.string(), end_date: z.string(), points_needed: z.number().int() })
    .nullable(),
  semester_user_points: z.number().int(),
  semester_streak_points: z.number().int(),
  daily_balance_color_count: colorCountSchema,
  daily_food_color_count: colorCountSchema,
  days_banked: z.number().int(),
  /** Dollars. */
  weekly_balance: z.number(),
});
export type WeeklySnapshot = z.infer<typeof weeklySnapshotSchema>;

/** GET /snapshots/daily?days=N (beyond SPEC.md, for the progress chart). */
export const DAILY_SNAPSHOT_MAX_DAYS = 31;
export const DAILY_SNAPSHOT_DEFAULT_DAYS = 14;
export const dailySnapshotQuerySchema = z.object({
  days: z.coerce
    .number({ error: /*i18n*/ 'days must be a number' })
    .int(/*i18n*/ 'days must be a whole number')
    .min(1, /*i18n*/ 'days must be at least 1')
    .max(DAILY_SNAPSHOT_MAX_DAYS, `days must be at most ${DAILY_SNAPSHOT_MAX_DAYS}`)
    .default(DAILY_SNAPSHOT_DEFAULT_DAYS),
});
/** A day with something logged; balance in dollars. Days with nothing logged are absent. */
export const dailyBalanceSchema = z.object({ date: z.string(), balance: z.number() });
export type DailyBalance = z.infer<typeof dailyBalanceSchema>;
export const dailyBalancesSchema = z.array(dailyBalanceSchema);

/** Role switch refusals (DESIGN.md §1.5: only an admin, never on themself). */
export const ROLE_SWITCH_MESSAGES = {
  ownRole: /*i18n*/ 'You cannot change your own role',
  notSwitchable: /*i18n*/ 'Only students and staff can be switched between student and staff',
  coordinatorToStudent: /*i18n*/ 'Remove them as a coordinator before making them a student',
} as const;

/**
 * Making a staff member a coordinator and back (issue 35 §2, docs/rules.md "Coordinators"): only
 * staff of the school can be one, and a school always keeps at least one.
 */
export const COORDINATOR_MESSAGES = {
  notStaff: /*i18n*/ 'Only staff of the school can be made a coordinator',
  lastCoordinator: /*i18n*/ 'A school needs at least one coordinator: make someone else one first',
} as const;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates.ts';
import {
  goalsReached,
  seesKindRanking,
  TEAM_GOAL_DAYS_PER_MEMBER,
  teamGoalProgress,
  teamRankingSettingSchema,
  teamWeeklyGoal,
  weekOf,
} from './team-goals.ts';

const isoDate = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2024-01-01', offset));

describe('team goals (decision 0083)', () => {
  it('is 3 complete days per member, a team of one at least', () => {
    expect(teamWeeklyGoal(1)).toBe(3);
    expect(teamWeeklyGoal(4)).toBe(12);
    expect(teamWeeklyGoal(0)).toBe(3);
    expect(TEAM_GOAL_DAYS_PER_MEMBER).toBe(3);
  });

  it('grows with the team and stays reachable: a full week of every member is always enough', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (members) => {
        expect(teamWeeklyGoal(members + 1)).toBeGreaterThan(teamWeeklyGoal(members));
        expect(teamWeeklyGoal(members)).toBeLessThanOrEqual(7 * members);
        expect(teamGoalProgress(members, 7 * members).reached).toBe(true);
      }),
    );
  });

  it('is reached exactly when the complete days reach the goal, and one more day never undoes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.nat(500), (members, days) => {
        const progress = teamGoalProgress(members, days);
        expect(progress.reached).toBe(days >= progress.goal);
        expect(progress.complete_days).toBe(days);
        if (progress.reached) expect(teamGoalProgress(members, days + 1).reached).toBe(true);
      }),
    );
  });

  it('counts the weeks that reached the goal, never more than the weeks', () => {
    expect(goalsReached([3, 2, 5, 0], 1)).toBe(2);
    expect(goalsReached([5, 6], 2)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.nat(80)), (members, weeks) => {
        const reached = goalsReached(weeks, members);
        expect(reached).toBeLessThanOrEqual(weeks.length);
        // A complete day added to any week never lowers the count.
        const more = weeks.map((days) => days + 1);
        expect(goalsReached(more, members)).toBeGreaterThanOrEqual(reached);
      }),
    );
  });

  it('a week runs Monday to Sunday and holds its day', () => {
    expect(weekOf('2026-11-25')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    fc.assert(
      fc.property(isoDate, (date) => {
        const { start, end } = weekOf(date);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(daysBetween(start, end)).toBe(6);
        expect(start <= date && date <= end).toBe(true);
      }),
    );
  });

  it('staff and coordinators always see points; students and families see the setting', () => {
    expect(seesKindRanking(['student'])).toBe(true);
    expect(seesKindRanking(['community_member'])).toBe(true);
    expect(seesKindRanking(['staff'])).toBe(false);
    expect(seesKindRanking(['staff', 'admin'])).toBe(false);
  });

  it('the setting is goals or points', () => {
    expect(teamRankingSettingSchema.safeParse({ ranking: 'goals' }).success).toBe(true);
    expect(teamRankingSettingSchema.safeParse({ ranking: 'points' }).success).toBe(true);
    expect(teamRankingSettingSchema.safeParse({ ranking: 'stress' }).success).toBe(false);
    expect(teamRankingSettingSchema.safeParse({}).success).toBe(false);
  });
});

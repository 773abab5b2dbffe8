import {
  activitiesBeforeStress,
  type ChildDay,
  type ChildOverview,
  centsToDollars,
  DAY_REFUSAL_MESSAGES,
  dayBeforeStress,
  FAMILY_MESSAGES,
  GUARDIAN_DAYS_BACK,
  GUARDIAN_VIEW_MESSAGES,
  localDate,
  MESSAGES,
  oldestGuardianDay,
  requestedDay,
} from '@wellbank/domain';
import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailySummaries } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { listDayActivities } from '../activities/activities.service.ts';
import { findMyTeamIfAny } from '../leaderboard/leaderboard.service.ts';
import { readPersonalBadges } from '../personal-badges/personal-badges.service.ts';
import { dailyBalances, weeklySnapshot } from '../snapshots/snapshots.service.ts';
import { readStreak } from '../streaks/streaks.service.ts';
import { linkedChildRows } from './guardian-links.service.ts';

/*
 * A guardian's read-only view of a linked child (issue 36 §2, decision 0079). Every figure is the
 * child's own, computed by the same functions, from their days before stress (packages/domain
 * guardian-view.ts); no figure that includes stress is read here.
 */

interface Guardian {
  id: number;
  isGuardian: boolean;
}

interface ViewedChild {
  id: number;
  firstName: string;
  lastName: string;
  schoolId: number;
  schoolName: string;
  timeZone: string;
}

/**
 * The child, when linked to the caller now: 403 for anyone not a guardian, 404 for a child not
 * linked to them (another's, another school's, a link removed a moment ago).
 */
async function linkedChild(db: Db, guardian: Guardian, childId: number): Promise<ViewedChild> {
  if (!guardian.isGuardian) throw new AppError('forbidden', MESSAGES.forbidden);
  const [child] = await linkedChildRows(db, guardian.id, childId);
  if (!child) throw new AppError('not_found', FAMILY_MESSAGES.notLinked);
  return child;
}

/** The stored days of the child from `start` to `end`, before stress, by date. */
async function daysBeforeStress(db: Db, childId: number, start: string, end: string) {
  const rows = await db
    .select({
      date: dailySummaries.localDate,
      balanceCents: dailySummaries.balanceCents,
      energyCents: dailySummaries.energyCents,
      dayPoints: dailySummaries.dayPoints,
      isComplete: dailySummaries.isComplete,
      streakLength: dailySummaries.streakLength,
    })
    .from(dailySummaries)
    .where(and(eq(dailySummaries.userId, childId), between(dailySummaries.localDate, start, end)));
  return new Map(rows.map((row) => [row.date, dayBeforeStress(row)]));
}

/** `GET /family/children/{id}/overview`. */
export async function childOverview(
  db: Db,
  guardian: Guardian,
  input: { childId: number; now: Date },
): Promise<ChildOverview> {
  const child = await linkedChild(db, guardian, input.childId);
  const today = localDate(input.now, child.timeZone);
  const caller = { userId: child.id, schoolId: child.schoolId, now: input.now, beforeStress: true };
  const team = await findMyTeamIfAny(db, child.id);
  const { badges } = await readPersonalBadges(db, { ...caller, timeZone: child.timeZone });
  return {
    child: {
      id: child.id,
      first_name: child.firstName,
      last_name: child.lastName,
      school: { id: child.schoolId, name: child.schoolName },
    },
    today,
    streak_length: (await readStreak(db, { userId: child.id, schoolId: child.schoolId, today }))
      .streak_length,
    progress: await weeklySnapshot(db, caller),
    energy_by_day: await dailyBalances(db, { ...caller, days: GUARDIAN_DAYS_BACK + 1 }),
    team: team ? { name: team.name, rank: team.rank, num_teams: team.num_teams } : null,
    badges: badges.map(({ badge, earned_on }) => ({ badge, earned_on })),
  };
}

/** `GET /family/children/{id}/days?date=`: today or one of the 14 days before it. */
export async function childDay(
  db: Db,
  guardian: Guardian,
  input: { childId: number; date: string | undefined; now: Date },
): Promise<ChildDay> {
  const child = await linkedChild(db, guardian, input.childId);
  const today = localDate(input.now, child.timeZone);
  const result = requestedDay(input.date, today, 'read');
  if ('refusal' in result) {
    throw new AppError('unprocessable', DAY_REFUSAL_MESSAGES[result.refusal]);
  }
  const date = result.day;
  if (date < oldestGuardianDay(today)) {
    throw new AppError('unprocessable', GUARDIAN_VIEW_MESSAGES.outsideWindow);
  }
  const day = (await daysBeforeStress(db, child.id, date, date)).get(date);
  return {
    date,
    energy: centsToDollars(day?.balanceCents ?? 0),
    activities: activitiesBeforeStress(await listDayActivities(db, child, date)),
    is_complete: day?.isComplete ?? false,
    streak_length: day?.streakLength ?? 0,
  };
}

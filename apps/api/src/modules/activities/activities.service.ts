import {
  type Activity,
  type ActivityType,
  activityTotalCents,
  addDays,
  centsToDollars,
  type DaySummary,
  dayCategoryCents,
  localDate,
  MESSAGES,
  type PiggyBank,
  type PiggyBankChange,
  type PropertyValues,
  piggyBankChanges,
  STRESS_CHOICE_MESSAGES,
  startOfLocalDay,
  summarizeDay,
  summaryPoints,
  toActivity,
  withPreviousDay,
} from '@wellbank/domain';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  preparedTransaction,
  prepareStatement,
  runPrepared,
  type StatementRunner,
} from '../../db/prepared.ts';
import { activities, piggyBanks } from '../../db/schema.ts';
import { AppError, notSignedIn } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { lockOnePersonsPoints } from '../points/point-locks.ts';
import {
  dropEarnedPiggyBank,
  earnPiggyBank,
  giveBackPiggyBank,
  readHolidays,
  readLaterDays,
  saveDaySummary,
  spendOldestPiggyBank,
  type UserDate,
  writeActivityAndReadDay,
} from './day-statements.ts';

/** The dashboard reads it on every visit, so it is a prepared statement (db/prepared.ts). */
export const TODAYS_ACTIVITIES = prepareStatement<
  { type: ActivityType; totalCents: number; values: PropertyValues },
  { userId: number; today: string }
>(
  sql`select ${activities.activityType} as type, ${activities.totalCents} as "totalCents",
  ${activities.properties} as "values"
from ${activities}
where ${activities.userId} = ${sql.placeholder('userId')} and ${activities.localDate} = ${sql.placeholder('today')}
order by ${activities.activityType}`,
);

/** Today's activities of the user, in the category order of the product. */
export function listTodaysActivities(db: Db, user: AuthUser, now: Date): Promise<Activity[]> {
  return listDayActivities(db, user, localDate(now, user.timeZone));
}

/** The user's activities of one school-local day (YYYY-MM-DD), in the product's order. */
export async function listDayActivities(
  db: Db,
  user: Pick<AuthUser, 'id'>,
  day: string,
): Promise<Activity[]> {
  const rows = await runPrepared(db, TODAYS_ACTIVITIES, { userId: user.id, today: day });
  return rows.map(toWire);
}

/**
 * Piggy banks the user can spend on `day` (YYYY-MM-DD): unspent and earned on an earlier day
 * (DESIGN.md §1.3, docs/rules.md "Past days").
 */
export async function listUsablePiggyBanks(
  db: Db,
  user: AuthUser,
  day: string,
): Promise<PiggyBank[]> {
  return db
    .select({ id: piggyBanks.id, earned_on: piggyBanks.earnedOn })
    .from(piggyBanks)
    .where(
      and(eq(piggyBanks.userId, user.id), isNull(piggyBanks.spentOn), lt(piggyBanks.earnedOn, day)),
    )
    .orderBy(asc(piggyBanks.earnedOn));
}

export interface ActivitySave {
  user: AuthUser;
  type: ActivityType;
  values: PropertyValues;
  now: Date;
  /** The school-local day the write is for (checked by the route): today when absent. */
  day?: string;
}

/**
 * Creates or replaces the day's activity of this type and keeps the day's summary, the user's
 * points, `last_activity_logged_at` and the piggy banks current, in one transaction that first
 * locks the school and the user's row (decision 0042), so one user's writes take turns and a
 * recomputation of the school's points never runs beside one. A past day's write also carries the
 * streak forward through the later days it changes (decision 0026).
 */
export function saveActivity(db: Db, options: ActivitySave): Promise<Activity> {
  const { user, type, values, now } = options;
  const today = localDate(now, user.timeZone);
  const day = options.day ?? today;
  const totalCents = activityTotalCents(type, values);
  const key = { userId: user.id, today: day };
  // A past day's activity counts as the last moment of that day, so it never moves the user's
  // last activity past their latest day (the active-student list relies on it).
  const loggedAt =
    day === today ? now : new Date(startOfLocalDay(addDays(day, 1), user.timeZone).getTime() - 1);
  return preparedTransaction(db, async (tx) => {
    const person = await lockOnePersonsPoints(tx, { schoolId: user.schoolId, userId: user.id });
    // Deleted since the request signed in: their session is gone with them.
    if (!person) throw notSignedIn();
    // Checked under the locks the school's switch and an opt-out take (decision 0073).
    if (type === 'stress' && !person.stressCheckIn) {
      throw new AppError('conflict', STRESS_CHOICE_MESSAGES.checkInOff);
    }
    const before = await writeActivityAndReadDay(tx, {
      ...key,
      type,
      values,
      totalCents,
      now,
    });
    if (type === 'fitness') {
      const changes = piggyBankChanges(values, {
        spentToday: before.piggyBankSpentToday,
        earnedToday: before.piggyBankEarnedToday,
      });
      for (const change of changes) await PIGGY_BANK_CHANGES[change](tx, key);
    }
    const wholeDay = [
      ...before.otherActivities,
      { activity_type: type, total_cents: totalCents, values },
    ];
    const calendar = { date: day, lastKept: before.lastKept, holidays: new Set(before.holidays) };
    const summary = summarizeDay(wholeDay, calendar, person.stressCheckIn);
    const write = { userId: user.id, schoolId: user.schoolId, now: loggedAt };
    await saveDaySummary(tx, {
      ...write,
      today: day,
      summary,
      categoryCents: dayCategoryCents(wholeDay),
      pointsChange: before.inActiveInterval ? summaryPoints(summary) - before.pointsBefore : 0,
    });
    if (day < today) await carryStreakForward(tx, { ...write, day, today, summary });
    return toWire({ type, totalCents, values });
  });
}

/**
 * After a past day changed, gives each following day the streak it now continues (only the
 * streak: its activities did not change), with the change of its points, in the write's
 * transaction. The days between kept days are walked as the rule walks them (days off, rest
 * days); it stops at the first day whose streak and rest days stay as they were (the days after
 * it depend only on it).
 */
async function carryStreakForward(
  tx: StatementRunner,
  options: {
    userId: number;
    schoolId: number;
    now: Date;
    day: string;
    today: string;
    summary: DaySummary;
  },
): Promise<void> {
  const { day, today, summary, ...write } = options;
  const later = await readLaterDays(tx, { userId: write.userId, after: day });
  if (later.length === 0) return;
  const holidays = await readHolidays(tx, { schoolId: write.schoolId, after: day, through: today });
  let lastKept = { date: day, streakLength: summary.streakLength, restDays: summary.restDays };
  for (const kept of later) {
    const updated = withPreviousDay(kept, { date: kept.date, lastKept, holidays });
    if (updated.streakLength === kept.streakLength && updated.restDays === kept.restDays) return;
    const pointsChange = kept.inActiveInterval ? summaryPoints(updated) - summaryPoints(kept) : 0;
    await saveDaySummary(tx, {
      ...write,
      today: kept.date,
      summary: updated,
      categoryCents: kept.categoryCents,
      pointsChange,
    });
    lastKept = { date: kept.date, streakLength: updated.streakLength, restDays: updated.restDays };
  }
}

/** How each piggy-bank change of the domain's `piggyBankChanges` is carried out. */
const PIGGY_BANK_CHANGES: Record<
  PiggyBankChange,
  (tx: StatementRunner, key: UserDate) => Promise<void>
> = {
  async spend(tx, key) {
    if (!(await spendOldestPiggyBank(tx, key))) {
      throw new AppError('unprocessable', MESSAGES.noSavings);
    }
  },
  giveBack: giveBackPiggyBank,
  earn: earnPiggyBank,
  async drop(tx, key) {
    if (!(await dropEarnedPiggyBank(tx, key))) {
      throw new AppError('unprocessable', MESSAGES.piggyBankUsedLater);
    }
  },
};

function toWire(row: { type: ActivityType; totalCents: number; values: PropertyValues }) {
  return { ...toActivity(row.type, row.values), total: centsToDollars(row.totalCents) };
}

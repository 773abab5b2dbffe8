import {
  type Activity,
  type ActivityType,
  activityTotalCents,
  addDays,
  centsToDollars,
  dayCategoryCents,
  localDate,
  MESSAGES,
  type PiggyBank,
  type PiggyBankChange,
  type PropertyValues,
  piggyBankChanges,
  summarizeDay,
  summaryPoints,
  toActivity,
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
import { AppError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';
import {
  dropEarnedPiggyBank,
  earnPiggyBank,
  giveBackPiggyBank,
  lockUser,
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
export async function listTodaysActivities(db: Db, user: AuthUser, now: Date): Promise<Activity[]> {
  const today = localDate(now, user.timeZone);
  const rows = await runPrepared(db, TODAYS_ACTIVITIES, { userId: user.id, today });
  return rows.map(toWire);
}

/** Piggy banks the user can spend today: unspent and earned on an earlier day (DESIGN.md §1.3). */
export async function listUsablePiggyBanks(
  db: Db,
  user: AuthUser,
  now: Date,
): Promise<PiggyBank[]> {
  return db
    .select({ id: piggyBanks.id, earned_on: piggyBanks.earnedOn })
    .from(piggyBanks)
    .where(
      and(
        eq(piggyBanks.userId, user.id),
        isNull(piggyBanks.spentOn),
        lt(piggyBanks.earnedOn, localDate(now, user.timeZone)),
      ),
    )
    .orderBy(asc(piggyBanks.earnedOn));
}

/**
 * Creates or replaces today's activity of this type and keeps the day's summary, the user's
 * points, `last_activity_logged_at` and the piggy banks current, in one transaction that first
 * locks the user's row, so one user's writes take turns.
 */
export function saveActivity(
  db: Db,
  options: { user: AuthUser; type: ActivityType; values: PropertyValues; now: Date },
): Promise<Activity> {
  const { user, type, values, now } = options;
  const today = localDate(now, user.timeZone);
  const totalCents = activityTotalCents(type, values);
  const key = { userId: user.id, today };
  return preparedTransaction(db, async (tx) => {
    await lockUser(tx, user.id);
    const day = await writeActivityAndReadDay(tx, {
      ...key,
      type,
      values,
      totalCents,
      yesterday: addDays(today, -1),
      now,
    });
    if (type === 'fitness') {
      const changes = piggyBankChanges(values, {
        spentToday: day.piggyBankSpentToday,
        earnedToday: day.piggyBankEarnedToday,
      });
      for (const change of changes) await PIGGY_BANK_CHANGES[change](tx, key);
    }
    const wholeDay = [
      ...day.otherActivities,
      { activity_type: type, total_cents: totalCents, values },
    ];
    const summary = summarizeDay(wholeDay, day.yesterday);
    await saveDaySummary(tx, {
      ...key,
      schoolId: user.schoolId,
      summary,
      categoryCents: dayCategoryCents(wholeDay),
      pointsChange: day.inActiveInterval ? summaryPoints(summary) - day.pointsBefore : 0,
      now,
    });
    return toWire({ type, totalCents, values });
  });
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
  drop: dropEarnedPiggyBank,
};

function toWire(row: { type: ActivityType; totalCents: number; values: PropertyValues }) {
  return { ...toActivity(row.type, row.values), total: centsToDollars(row.totalCents) };
}

import {
  type Activity,
  type ActivityType,
  activityTotalCents,
  addDays,
  centsToDollars,
  earnsPiggyBank,
  localDate,
  MESSAGES,
  type PiggyBank,
  type PropertyValues,
  summarizeDay,
  summaryPoints,
  toActivity,
} from '@wellbank/domain';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSelect, queryPreparedSql } from '../../db/prepared.ts';
import { activities, piggyBanks } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';
import {
  DAY_STATEMENTS,
  spendOldestPiggyBank,
  type UserDay,
  writeActivityAndReadDay,
} from './day-statements.ts';

/** The dashboard reads it on every visit, so it is prepared once (db/prepared.ts). */
const todaysActivitiesQuery = (db: Db) =>
  preparedSelect(db, 'list_todays_activities', (db) =>
    db
      .select({
        type: activities.activityType,
        totalCents: activities.totalCents,
        values: activities.properties,
      })
      .from(activities)
      .where(
        and(
          eq(activities.userId, sql.placeholder('userId')),
          eq(activities.localDate, sql.placeholder('today')),
        ),
      )
      .orderBy(asc(activities.activityType)),
  );

/** Today's activities of the user, in the category order of the product. */
export async function listTodaysActivities(db: Db, user: AuthUser, now: Date): Promise<Activity[]> {
  const today = localDate(now, user.timeZone);
  const rows = await todaysActivitiesQuery(db).execute({ userId: user.id, today });
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
 * points, `last_activity_logged_at` and the piggy banks current. Run it inside one transaction:
 * it first locks the user's row, so one user's writes take turns.
 */
export async function saveActivity(
  db: Db,
  options: { user: AuthUser; type: ActivityType; values: PropertyValues; now: Date },
): Promise<Activity> {
  const { user, type, values, now } = options;
  const today = localDate(now, user.timeZone);
  const totalCents = activityTotalCents(type, values);
  await queryPreparedSql(db, DAY_STATEMENTS.lockUser(user.id));
  const day = await writeActivityAndReadDay(db, {
    userId: user.id,
    type,
    values,
    totalCents,
    today,
    yesterday: addDays(today, -1),
    now,
  });
  if (type === 'fitness') await settlePiggyBanks(db, { userId: user.id, today, values, day });
  const summary = summarizeDay(
    [...day.otherActivities, { activity_type: type, total_cents: totalCents, values }],
    day.yesterday,
  );
  await queryPreparedSql(
    db,
    DAY_STATEMENTS.saveDaySummary({
      userId: user.id,
      schoolId: user.schoolId,
      today,
      summary,
      pointsChange: day.inActiveInterval ? summaryPoints(summary) - day.pointsBefore : 0,
      now,
    }),
  );
  return toWire({ type, totalCents, values });
}

/**
 * DESIGN.md §1.3. piggy_bank = 1 spends the oldest unspent piggy bank from an earlier day (422
 * without one); 0 returns the one spent today. A day whose exercise alone reaches $8 earns one.
 */
async function settlePiggyBanks(
  db: Db,
  options: { userId: number; today: string; values: PropertyValues; day: UserDay },
): Promise<void> {
  const { values, day } = options;
  const key = { userId: options.userId, today: options.today };
  const usesSavings = (values.piggy_bank ?? 0) > 0;
  if (usesSavings && !day.piggyBankSpentToday && !(await spendOldestPiggyBank(db, key))) {
    throw new AppError('unprocessable', MESSAGES.noSavings);
  }
  if (!usesSavings && day.piggyBankSpentToday) {
    await queryPreparedSql(db, DAY_STATEMENTS.unspendPiggyBank(key));
  }
  const earns = earnsPiggyBank(values);
  if (earns && !day.piggyBankEarnedToday) {
    await queryPreparedSql(db, DAY_STATEMENTS.earnPiggyBank(key));
  }
  // Today's piggy bank cannot have been spent: only earlier days' can.
  if (!earns && day.piggyBankEarnedToday) {
    await queryPreparedSql(db, DAY_STATEMENTS.dropEarnedPiggyBank(key));
  }
}

function toWire(row: { type: ActivityType; totalCents: number; values: PropertyValues }) {
  return { ...toActivity(row.type, row.values), total: centsToDollars(row.totalCents) };
}

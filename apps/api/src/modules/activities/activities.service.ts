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
  type ScoredActivity,
  summarizeDay,
  summaryPoints,
  toActivity,
} from '@wellbank/domain';
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  activities,
  dailySummaries,
  piggyBanks,
  semesters,
  teamMembers,
  teams,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';

/** The dashboard reads it on every visit, so it is prepared once (db/prepared.ts). */
const todaysActivitiesQuery = (db: Db) =>
  preparedQuery(db, 'list_todays_activities', (db) =>
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
  const day = await lockUserDay(db, { userId: user.id, today, withPiggyBanks: type === 'fitness' });
  if (type === 'fitness') await settlePiggyBanks(db, { userId: user.id, today, values, day });
  const totalCents = activityTotalCents(type, values);
  const dayActivities = await upsertActivity(db, {
    userId: user.id,
    today,
    type,
    values,
    totalCents,
    now,
  });
  const summary = summarizeDay(dayActivities, day.yesterday);
  const pointsChange = day.inActiveInterval ? summaryPoints(summary) - day.pointsBefore : 0;
  const summaryRow = { ...summary, userId: user.id, schoolId: user.schoolId, localDate: today };
  const savedSummary = db.$with('saved_summary').as(
    db
      .insert(dailySummaries)
      .values(summaryRow)
      .onConflictDoUpdate({
        target: [dailySummaries.userId, dailySummaries.localDate],
        set: summary,
      })
      .returning({ userId: dailySummaries.userId }),
  );
  // The team's points move with its member's (DESIGN.md §1.5); a write that changes no points
  // leaves the team row, which every teammate's write would otherwise queue on, alone.
  const savedTeam = db.$with('saved_team').as(
    db
      .update(teams)
      .set({ points: sql`${teams.points} + ${pointsChange}` })
      .where(
        and(
          sql`${pointsChange} <> 0`,
          inArray(
            teams.id,
            db
              .select({ id: teamMembers.teamId })
              .from(teamMembers)
              .where(eq(teamMembers.userId, user.id)),
          ),
        ),
      )
      .returning({ id: teams.id }),
  );
  await db
    .with(savedSummary, savedTeam)
    .update(users)
    .set({ points: sql`${users.points} + ${pointsChange}`, lastActivityLoggedAt: now })
    .where(eq(users.id, user.id));
  return toWire({ type, totalCents, values });
}

interface UserDay {
  inActiveInterval: boolean;
  /** Day + streak points today's summary held before this write (0 without a summary). */
  pointsBefore: number;
  yesterday: { isComplete: boolean; streakLength: number } | undefined;
  piggyBankSpentToday: boolean;
  piggyBankEarnedToday: boolean;
}

/**
 * Locks the user's row (`for update`), then reads what the write needs: whether today counts for
 * the active interval, today's and yesterday's summaries and, for fitness, today's piggy banks.
 * The read must be a statement of its own: on PostgreSQL a statement that waited for the lock
 * re-reads only the locked row, and would see the summaries as they were before the other write.
 */
async function lockUserDay(
  db: Db,
  options: { userId: number; today: string; withPiggyBanks: boolean },
): Promise<UserDay> {
  const { userId, today, withPiggyBanks } = options;
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const todays = alias(dailySummaries, 'todays_summary');
  const yesterdays = alias(dailySummaries, 'yesterdays_summary');
  const piggyBank = (column: typeof piggyBanks.spentOn | typeof piggyBanks.earnedOn) =>
    withPiggyBanks
      ? sql<boolean>`exists(select 1 from ${piggyBanks}
          where ${piggyBanks.userId} = ${users.id} and ${column} = ${today})`
      : sql<boolean>`false`;
  const [row] = await db
    .select({
      inActiveInterval: sql<boolean>`${semesters.id} is not null`,
      pointsBefore: sql<number>`coalesce(${todays.dayPoints} + ${todays.streakPoints}, 0)`,
      yesterdayComplete: yesterdays.isComplete,
      yesterdayStreak: yesterdays.streakLength,
      piggyBankSpentToday: piggyBank(piggyBanks.spentOn),
      piggyBankEarnedToday: piggyBank(piggyBanks.earnedOn),
    })
    .from(users)
    .leftJoin(
      semesters,
      and(
        eq(semesters.schoolId, users.schoolId),
        eq(semesters.isActive, true),
        lte(semesters.startDate, today),
        gte(semesters.endDate, today),
      ),
    )
    .leftJoin(todays, and(eq(todays.userId, users.id), eq(todays.localDate, today)))
    .leftJoin(
      yesterdays,
      and(eq(yesterdays.userId, users.id), eq(yesterdays.localDate, addDays(today, -1))),
    )
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} has no row to lock`);
  return {
    inActiveInterval: row.inActiveInterval,
    pointsBefore: Number(row.pointsBefore),
    yesterday:
      row.yesterdayComplete === null
        ? undefined
        : { isComplete: row.yesterdayComplete, streakLength: row.yesterdayStreak ?? 0 },
    piggyBankSpentToday: row.piggyBankSpentToday,
    piggyBankEarnedToday: row.piggyBankEarnedToday,
  };
}

/**
 * DESIGN.md §1.3. piggy_bank = 1 spends the oldest unspent piggy bank from an earlier day (422
 * without one); 0 returns the one spent today. A day whose exercise alone reaches $8 earns one.
 */
async function settlePiggyBanks(
  db: Db,
  options: { userId: number; today: string; values: PropertyValues; day: UserDay },
): Promise<void> {
  const { userId, today, values, day } = options;
  const usesSavings = (values.piggy_bank ?? 0) > 0;
  if (usesSavings && !day.piggyBankSpentToday) {
    const oldest = db
      .select({ id: piggyBanks.id })
      .from(piggyBanks)
      .where(
        and(
          eq(piggyBanks.userId, userId),
          isNull(piggyBanks.spentOn),
          lt(piggyBanks.earnedOn, today),
        ),
      )
      .orderBy(asc(piggyBanks.earnedOn))
      .limit(1);
    const spent = await db
      .update(piggyBanks)
      .set({ spentOn: today })
      .where(inArray(piggyBanks.id, oldest))
      .returning({ id: piggyBanks.id });
    if (spent.length === 0) throw new AppError('unprocessable', MESSAGES.noSavings);
  }
  if (!usesSavings && day.piggyBankSpentToday) {
    await db
      .update(piggyBanks)
      .set({ spentOn: null })
      .where(and(eq(piggyBanks.userId, userId), eq(piggyBanks.spentOn, today)));
  }
  const earns = earnsPiggyBank(values);
  if (earns && !day.piggyBankEarnedToday) {
    await db.insert(piggyBanks).values({ userId, earnedOn: today }).onConflictDoNothing();
  }
  if (!earns && day.piggyBankEarnedToday) {
    // Today's piggy bank cannot have been spent: only earlier days' can.
    await db
      .delete(piggyBanks)
      .where(and(eq(piggyBanks.userId, userId), eq(piggyBanks.earnedOn, today)));
  }
}

/**
 * Upserts the activity and, in the same statement, reads the day's other activities: with the
 * one just written they are the whole day, which the summary is computed from.
 */
async function upsertActivity(
  db: Db,
  options: {
    userId: number;
    today: string;
    type: ActivityType;
    values: PropertyValues;
    totalCents: number;
    now: Date;
  },
): Promise<ScoredActivity[]> {
  const { userId, today, type, values, totalCents, now } = options;
  const saved = db.$with('saved_activity').as(
    db
      .insert(activities)
      .values({
        userId,
        activityType: type,
        localDate: today,
        totalCents,
        properties: values,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [activities.userId, activities.activityType, activities.localDate],
        set: { totalCents, properties: values, updatedAt: now },
      })
      .returning({ id: activities.id }),
  );
  // An unreferenced data-modifying CTE still runs, once, before the select reads the others.
  const others = await db
    .with(saved)
    .select({
      activity_type: activities.activityType,
      total_cents: activities.totalCents,
      values: activities.properties,
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        eq(activities.localDate, today),
        ne(activities.activityType, type),
      ),
    );
  return [...others, { activity_type: type, total_cents: totalCents, values }];
}

function toWire(row: { type: ActivityType; totalCents: number; values: PropertyValues }) {
  return { ...toActivity(row.type, row.values), total: centsToDollars(row.totalCents) };
}

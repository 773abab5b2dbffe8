import type {
  ActivityType,
  DaySummary,
  KeptStreakDay,
  PropertyValues,
  ScoredActivity,
} from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import { prepareStatement, type StatementRunner } from '../../db/prepared.ts';
import {
  activities,
  dailySummaries,
  piggyBanks,
  schoolHolidays,
  semesters,
  teamMembers,
  teams,
  users,
} from '../../db/schema.ts';
import { POINT_LOCK_TEXTS } from '../points/point-locks.ts';

/*
 * The statements of one activity write (activities.service.ts saveActivity), each behind a
 * function of its own. This path runs on every tap of "Okay, I'm done for now", so they are
 * prepared statements (db/prepared.ts, decision 0012): compiled once, parsed and planned by
 * PostgreSQL once per connection. The bench's baseline server calls these same functions on bare
 * `pg` (scripts/bench/baseline-server.ts).
 */

const value = sql.placeholder;

export interface ActivityWrite {
  userId: number;
  type: ActivityType;
  values: PropertyValues;
  totalCents: number;
  today: string;
  now: Date;
}

export interface SummaryWrite {
  userId: number;
  schoolId: number;
  today: string;
  summary: DaySummary;
  /** The day's non-stress category totals (the domain's `dayCategoryCents`). */
  categoryCents: Partial<Record<string, number>>;
  pointsChange: number;
  /**
   * The user's last activity, unless it is later already: the write's time for today, the last
   * moment of the day for a past day, so that it falls on the user's latest day.
   */
  now: Date;
}

/** One user and school-local day, the key of the piggy-bank statements. */
export interface UserDate {
  userId: number;
  today: string;
}

export interface UserDay {
  inActiveInterval: boolean;
  /** Day + streak points today's summary held before this write (0 without a summary). */
  pointsBefore: number;
  /** The user's last day kept before this one, where the streak walks on from (decision 0082). */
  lastKept: KeptStreakDay | undefined;
  /** The school's holidays after that day, through this one. */
  holidays: string[];
  piggyBankSpentToday: boolean;
  piggyBankEarnedToday: boolean;
  /** Today's other activities: with the one just written they are the whole day. */
  otherActivities: ScoredActivity[];
}

/** The row of the write-and-read statement, as both drivers answer it. */
interface UserDayRow {
  in_active_interval: boolean;
  points_before: number;
  last_date: string | null;
  last_streak: number | null;
  last_rest_days: number | null;
  holidays: string[];
  piggy_bank_spent_today: boolean;
  piggy_bank_earned_today: boolean;
  other_activities: ScoredActivity[];
}

interface ActivityWriteValues {
  userId: number;
  type: ActivityType;
  today: string;
  totalCents: number;
  properties: string;
  updatedAt: string;
}

/** Only a fitness write reads the day's piggy banks: one text for fitness, one for the rest. */
const writeActivityAndReadDayStatement = (fitness: boolean) => {
  const piggyBank = (column: typeof piggyBanks.spentOn | typeof piggyBanks.earnedOn) =>
    fitness
      ? sql`exists(select 1 from ${piggyBanks} p where p.user_id = u.id and p.${sql.identifier(column.name)} = ${value('today')})`
      : sql`false`;
  return prepareStatement<UserDayRow, ActivityWriteValues>(sql`with saved_activity as (
  insert into ${activities} (user_id, activity_type, local_date, total_cents, properties, updated_at)
  values (${value('userId')}, ${value('type')}, ${value('today')}, ${value('totalCents')}, ${value('properties')}::jsonb, ${value('updatedAt')})
  on conflict (user_id, activity_type, local_date) do update set total_cents = excluded.total_cents,
    properties = excluded.properties, updated_at = excluded.updated_at
)
select
  exists(select 1 from ${semesters} s where s.school_id = u.school_id and s.is_active
    and s.start_date <= ${value('today')} and s.end_date >= ${value('today')}) as in_active_interval,
  coalesce(t.day_points + t.streak_points, 0) as points_before,
  l.local_date::text as last_date,
  l.streak_length as last_streak,
  l.rest_days as last_rest_days,
  coalesce((select json_agg(h.date::text) from ${schoolHolidays} h where h.school_id = u.school_id
    and h.date <= ${value('today')} and h.date > coalesce(l.local_date, ${value('today')}::date - 1)),
    '[]') as holidays,
  ${piggyBank(piggyBanks.spentOn)} as piggy_bank_spent_today,
  ${piggyBank(piggyBanks.earnedOn)} as piggy_bank_earned_today,
  coalesce((select json_agg(json_build_object('activity_type', a.activity_type,
      'total_cents', a.total_cents, 'values', a.properties))
    from ${activities} a
    where a.user_id = u.id and a.local_date = ${value('today')} and a.activity_type <> ${value('type')}),
    '[]') as other_activities
from ${users} u
left join ${dailySummaries} t on t.user_id = u.id and t.local_date = ${value('today')}
left join lateral (select k.local_date, k.streak_length, k.rest_days from ${dailySummaries} k
  where k.user_id = u.id and k.local_date < ${value('today')}
  order by k.local_date desc limit 1) l on true
where u.id = ${value('userId')}`);
};

const WRITE_FITNESS_AND_READ_DAY = writeActivityAndReadDayStatement(true);
const WRITE_ACTIVITY_AND_READ_DAY = writeActivityAndReadDayStatement(false);

/**
 * Creates or replaces today's activity of this type and, in the same statement, reads what the
 * rest of the write needs. The statement's snapshot is taken before its insert, so it reads the
 * day as it was before this write. Run it after `lockOnePersonsPoints`.
 */
export async function writeActivityAndReadDay(
  tx: StatementRunner,
  write: ActivityWrite,
): Promise<UserDay> {
  const { userId, type, values, totalCents, today, now } = write;
  const statement = type === 'fitness' ? WRITE_FITNESS_AND_READ_DAY : WRITE_ACTIVITY_AND_READ_DAY;
  const [row] = await tx.run(statement, {
    userId,
    type,
    today,
    totalCents,
    properties: JSON.stringify(values),
    updatedAt: now.toISOString(),
  });
  if (!row) throw new Error(`user ${userId} has no row`);
  return toUserDay(row);
}

function toUserDay(row: UserDayRow): UserDay {
  return {
    inActiveInterval: row.in_active_interval,
    pointsBefore: Number(row.points_before),
    lastKept:
      row.last_date === null
        ? undefined
        : {
            date: row.last_date,
            streakLength: row.last_streak ?? 0,
            restDays: row.last_rest_days ?? 0,
          },
    holidays: row.holidays,
    piggyBankSpentToday: row.piggy_bank_spent_today,
    piggyBankEarnedToday: row.piggy_bank_earned_today,
    otherActivities: row.other_activities,
  };
}

const SPEND_OLDEST_PIGGY_BANK = prepareStatement<{ id: number }, UserDate>(
  sql`update ${piggyBanks} set spent_on = ${value('today')} where id = (
  select id from ${piggyBanks} where user_id = ${value('userId')} and spent_on is null and earned_on < ${value('today')}
  order by earned_on limit 1) returning id`,
);

/** Spends the oldest unspent piggy bank earned before today; false when there is none. */
export async function spendOldestPiggyBank(tx: StatementRunner, key: UserDate): Promise<boolean> {
  const spent = await tx.run(SPEND_OLDEST_PIGGY_BANK, key);
  return spent.length > 0;
}

const GIVE_BACK_PIGGY_BANK = prepareStatement<never, UserDate>(
  sql`update ${piggyBanks} set spent_on = null where user_id = ${value('userId')} and spent_on = ${value('today')}`,
);

/** Returns the piggy bank spent today to the savings. */
export async function giveBackPiggyBank(tx: StatementRunner, key: UserDate): Promise<void> {
  await tx.run(GIVE_BACK_PIGGY_BANK, key);
}

const EARN_PIGGY_BANK = prepareStatement<never, UserDate>(
  sql`insert into ${piggyBanks} (user_id, earned_on) values (${value('userId')}, ${value('today')}) on conflict do nothing`,
);

export async function earnPiggyBank(tx: StatementRunner, key: UserDate): Promise<void> {
  await tx.run(EARN_PIGGY_BANK, key);
}

/*
 * Removes the day's piggy bank. It may have been spent on a later day only when the day is a past
 * one (docs/rules.md "Past days"): then that later day spends the oldest other unspent piggy bank
 * earned before it instead, so money stays conserved; with none to take its place, nothing is
 * removed and the write is refused.
 */
const DROP_EARNED_PIGGY_BANK = prepareStatement<{ id: number }, UserDate>(sql`with dropped as (
  select id, spent_on from ${piggyBanks} where user_id = ${value('userId')} and earned_on = ${value('today')}
), replacement as (
  update ${piggyBanks} set spent_on = (select spent_on from dropped)
  where id = (select p.id from ${piggyBanks} p, dropped d
    where p.user_id = ${value('userId')} and d.spent_on is not null and p.spent_on is null
      and p.earned_on < d.spent_on and p.id <> d.id
    order by p.earned_on limit 1)
  returning id
)
delete from ${piggyBanks} where id in (select id from dropped)
  and ((select spent_on from dropped) is null or exists(select 1 from replacement))
returning id`);

/** Removes the day's piggy bank again; false when a later day spent it and none can replace it. */
export async function dropEarnedPiggyBank(tx: StatementRunner, key: UserDate): Promise<boolean> {
  const dropped = await tx.run(DROP_EARNED_PIGGY_BANK, key);
  return dropped.length > 0;
}

/** The statement's values: the domain's day summary, whose row it is, and the points change. */
interface SummaryValues extends DaySummary {
  categoryCents: string;
  userId: number;
  schoolId: number;
  today: string;
  pointsChange: number;
  now: string;
}

const SAVE_DAY_SUMMARY = prepareStatement<never, SummaryValues>(sql`with saved_summary as (
  insert into ${dailySummaries} (user_id, school_id, local_date, balance_cents, food_cents,
    energy_cents, stress_cents, is_complete, streak_length, rest_days, day_points, streak_points,
    category_cents)
  values (${value('userId')}, ${value('schoolId')}, ${value('today')}, ${value('balanceCents')}, ${value('foodCents')},
    ${value('energyCents')}, ${value('stressCents')}, ${value('isComplete')}, ${value('streakLength')},
    ${value('restDays')}, ${value('dayPoints')}, ${value('streakPoints')}, ${value('categoryCents')}::jsonb)
  on conflict (user_id, local_date) do update set balance_cents = excluded.balance_cents,
    food_cents = excluded.food_cents, energy_cents = excluded.energy_cents,
    stress_cents = excluded.stress_cents, is_complete = excluded.is_complete,
    streak_length = excluded.streak_length, rest_days = excluded.rest_days,
    day_points = excluded.day_points,
    streak_points = excluded.streak_points, category_cents = excluded.category_cents
), saved_team as (
  update ${teams} set points = points + ${value('pointsChange')}
  where ${value('pointsChange')} <> 0
    and id in (select team_id from ${teamMembers} where user_id = ${value('userId')})
)
update ${users} set points = points + ${value('pointsChange')},
  last_activity_logged_at = greatest(last_activity_logged_at, ${value('now')}::timestamptz)
where id = ${value('userId')}`);

/**
 * Saves the day's summary and adds the change of the user's points to the user and their team
 * (DESIGN.md §1.5). A write that changes no points leaves the team row, which every teammate's
 * write would otherwise queue on, alone.
 */
export async function saveDaySummary(tx: StatementRunner, write: SummaryWrite): Promise<void> {
  const { summary } = write;
  await tx.run(SAVE_DAY_SUMMARY, {
    userId: write.userId,
    schoolId: write.schoolId,
    today: write.today,
    balanceCents: summary.balanceCents,
    foodCents: summary.foodCents,
    energyCents: summary.energyCents,
    stressCents: summary.stressCents,
    isComplete: summary.isComplete,
    streakLength: summary.streakLength,
    restDays: summary.restDays,
    dayPoints: summary.dayPoints,
    streakPoints: summary.streakPoints,
    categoryCents: JSON.stringify(write.categoryCents),
    pointsChange: write.pointsChange,
    now: write.now.toISOString(),
  });
}

/** A summary kept after the edited day, with whether its day counts in the active interval. */
export interface LaterDay extends DaySummary {
  date: string;
  inActiveInterval: boolean;
  /** Kept as it is: a streak carried forward changes no category. */
  categoryCents: Partial<Record<string, number>>;
}

/** The day's columns under the domain's names, so a row is a `LaterDay` as it comes. */
const READ_LATER_DAYS = prepareStatement<LaterDay, { userId: number; after: string }>(
  sql`select d.local_date::text as date, d.balance_cents as "balanceCents",
  d.food_cents as "foodCents", d.energy_cents as "energyCents", d.stress_cents as "stressCents",
  d.is_complete as "isComplete", d.streak_length as "streakLength", d.rest_days as "restDays",
  d.day_points as "dayPoints",
  d.streak_points as "streakPoints", d.category_cents as "categoryCents",
  exists(select 1 from ${semesters} s where s.school_id = d.school_id and s.is_active
    and s.start_date <= d.local_date and s.end_date >= d.local_date) as "inActiveInterval"
from ${dailySummaries} d
where d.user_id = ${value('userId')} and d.local_date > ${value('after')}
order by d.local_date`,
);

/** The user's summaries of the days after `after`, oldest first. Run it after `lockOnePersonsPoints`. */
export function readLaterDays(
  tx: StatementRunner,
  key: { userId: number; after: string },
): Promise<LaterDay[]> {
  return tx.run(READ_LATER_DAYS, key);
}

const READ_HOLIDAYS = prepareStatement<
  { date: string },
  { schoolId: number; after: string; through: string }
>(
  sql`select date::text as date from ${schoolHolidays}
where school_id = ${value('schoolId')} and date > ${value('after')} and date <= ${value('through')}`,
);

/** The school's holidays after `after` through `through` (decision 0082). */
export async function readHolidays(
  tx: StatementRunner,
  key: { schoolId: number; after: string; through: string },
): Promise<Set<string>> {
  return new Set((await tx.run(READ_HOLIDAYS, key)).map((row) => row.date));
}

/** The texts of these statements, for the bench's check that its baseline sends no other. */
export const DAY_STATEMENT_TEXTS = [
  ...POINT_LOCK_TEXTS,
  ...[
    WRITE_FITNESS_AND_READ_DAY,
    WRITE_ACTIVITY_AND_READ_DAY,
    SPEND_OLDEST_PIGGY_BANK,
    GIVE_BACK_PIGGY_BANK,
    EARN_PIGGY_BANK,
    DROP_EARNED_PIGGY_BANK,
    SAVE_DAY_SUMMARY,
  ].map((statement) => statement.text),
];

import type { ActivityType, DaySummary, PropertyValues, ScoredActivity } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryPreparedSql } from '../../db/prepared.ts';
import {
  activities,
  dailySummaries,
  piggyBanks,
  semesters,
  teamMembers,
  teams,
  users,
} from '../../db/schema.ts';

/*
 * The statements of one activity write (activities.service.ts saveActivity). They are `sql`
 * templates because this path runs on every tap of "Okay, I'm done for now", and building a
 * statement with Drizzle's query builder costs about 20 times more CPU than a template (0.39 ms
 * against 0.022 ms, docs/performance.md). Their texts depend only on whether the activity is
 * fitness, so they run as named prepared statements (db/prepared.ts). The benchmark's
 * baseline server renders these same templates and runs them on bare `pg` under the same names
 * (scripts/bench/baseline-server.ts).
 */

export interface ActivityWrite {
  userId: number;
  type: ActivityType;
  values: PropertyValues;
  totalCents: number;
  today: string;
  yesterday: string;
  now: Date;
}

export interface SummaryWrite {
  userId: number;
  schoolId: number;
  today: string;
  summary: DaySummary;
  pointsChange: number;
  now: Date;
}

/** One user and school-local day, the key of the piggy-bank statements. */
export interface UserDate {
  userId: number;
  today: string;
}

export const DAY_STATEMENTS = {
  /** Locks the user's row, so one user's writes take turns. */
  lockUser: (userId: number) => sql`select id from ${users} where id = ${userId} for update`,

  /**
   * Creates or replaces today's activity of this type and, in the same statement, reads what the
   * rest of the write needs. The statement's snapshot is taken before its insert, so it reads the
   * day as it was before this write.
   */
  writeActivityAndReadDay: (write: ActivityWrite) => {
    const { userId, type, values, totalCents, today, yesterday, now } = write;
    const piggyBank = (column: 'spent_on' | 'earned_on') =>
      type === 'fitness'
        ? sql`exists(select 1 from ${piggyBanks} p where p.user_id = u.id and p.${sql.raw(column)} = ${today})`
        : sql`false`;
    return sql`with saved_activity as (
  insert into ${activities} (user_id, activity_type, local_date, total_cents, properties, updated_at)
  values (${userId}, ${type}, ${today}, ${totalCents}, ${JSON.stringify(values)}::jsonb, ${now.toISOString()})
  on conflict (user_id, activity_type, local_date) do update set total_cents = excluded.total_cents,
    properties = excluded.properties, updated_at = excluded.updated_at
)
select
  exists(select 1 from ${semesters} s where s.school_id = u.school_id and s.is_active
    and s.start_date <= ${today} and s.end_date >= ${today}) as in_active_interval,
  coalesce(t.day_points + t.streak_points, 0) as points_before,
  y.is_complete as yesterday_complete,
  y.streak_length as yesterday_streak,
  ${piggyBank('spent_on')} as piggy_bank_spent_today,
  ${piggyBank('earned_on')} as piggy_bank_earned_today,
  coalesce((select json_agg(json_build_object('activity_type', a.activity_type,
      'total_cents', a.total_cents, 'values', a.properties))
    from ${activities} a
    where a.user_id = u.id and a.local_date = ${today} and a.activity_type <> ${type}),
    '[]') as other_activities
from ${users} u
left join ${dailySummaries} t on t.user_id = u.id and t.local_date = ${today}
left join ${dailySummaries} y on y.user_id = u.id and y.local_date = ${yesterday}
where u.id = ${userId}`;
  },

  /** Spends the oldest unspent piggy bank earned before today. */
  spendOldestPiggyBank: ({ userId, today }: UserDate) =>
    sql`update ${piggyBanks} set spent_on = ${today} where id = (
  select id from ${piggyBanks} where user_id = ${userId} and spent_on is null and earned_on < ${today}
  order by earned_on limit 1) returning id`,

  /** Returns the piggy bank spent today to the savings. */
  unspendPiggyBank: ({ userId, today }: UserDate) =>
    sql`update ${piggyBanks} set spent_on = null where user_id = ${userId} and spent_on = ${today}`,

  earnPiggyBank: ({ userId, today }: UserDate) =>
    sql`insert into ${piggyBanks} (user_id, earned_on) values (${userId}, ${today}) on conflict do nothing`,

  dropEarnedPiggyBank: ({ userId, today }: UserDate) =>
    sql`delete from ${piggyBanks} where user_id = ${userId} and earned_on = ${today}`,

  /**
   * Saves the day's summary and adds the change of the user's points to the user and their team
   * (DESIGN.md §1.5). A write that changes no points leaves the team row, which every teammate's
   * write would otherwise queue on, alone.
   */
  saveDaySummary: ({ userId, schoolId, today, summary, pointsChange, now }: SummaryWrite) =>
    sql`with saved_summary as (
  insert into ${dailySummaries} (user_id, school_id, local_date, balance_cents, food_cents,
    energy_cents, stress_cents, is_complete, streak_length, day_points, streak_points)
  values (${userId}, ${schoolId}, ${today}, ${summary.balanceCents}, ${summary.foodCents},
    ${summary.energyCents}, ${summary.stressCents}, ${summary.isComplete}, ${summary.streakLength},
    ${summary.dayPoints}, ${summary.streakPoints})
  on conflict (user_id, local_date) do update set balance_cents = excluded.balance_cents,
    food_cents = excluded.food_cents, energy_cents = excluded.energy_cents,
    stress_cents = excluded.stress_cents, is_complete = excluded.is_complete,
    streak_length = excluded.streak_length, day_points = excluded.day_points,
    streak_points = excluded.streak_points
), saved_team as (
  update ${teams} set points = points + ${pointsChange}
  where ${pointsChange} <> 0
    and id in (select team_id from ${teamMembers} where user_id = ${userId})
)
update ${users} set points = points + ${pointsChange}, last_activity_logged_at = ${now.toISOString()}
where id = ${userId}`,
};

export interface UserDay {
  inActiveInterval: boolean;
  /** Day + streak points today's summary held before this write (0 without a summary). */
  pointsBefore: number;
  yesterday: { isComplete: boolean; streakLength: number } | undefined;
  piggyBankSpentToday: boolean;
  piggyBankEarnedToday: boolean;
  /** Today's other activities: with the one just written they are the whole day. */
  otherActivities: ScoredActivity[];
}

/** The row of `writeActivityAndReadDay`, as both drivers answer it. */
export interface UserDayRow {
  in_active_interval: boolean;
  points_before: number;
  yesterday_complete: boolean | null;
  yesterday_streak: number | null;
  piggy_bank_spent_today: boolean;
  piggy_bank_earned_today: boolean;
  other_activities: ScoredActivity[];
}

export function toUserDay(row: UserDayRow): UserDay {
  return {
    inActiveInterval: row.in_active_interval,
    pointsBefore: Number(row.points_before),
    yesterday:
      row.yesterday_complete === null
        ? undefined
        : { isComplete: row.yesterday_complete, streakLength: row.yesterday_streak ?? 0 },
    piggyBankSpentToday: row.piggy_bank_spent_today,
    piggyBankEarnedToday: row.piggy_bank_earned_today,
    otherActivities: row.other_activities,
  };
}

/**
 * Run after the user's row is locked, as a statement of its own: on PostgreSQL a statement that
 * waited for the lock re-reads only the locked row, and would see the summaries as they were
 * before the other write.
 */
export async function writeActivityAndReadDay(db: Db, write: ActivityWrite): Promise<UserDay> {
  const [row] = await queryPreparedSql<UserDayRow>(
    db,
    DAY_STATEMENTS.writeActivityAndReadDay(write),
  );
  if (!row) throw new Error(`user ${write.userId} has no row`);
  return toUserDay(row);
}

/** False when the user has no piggy bank to spend. */
export async function spendOldestPiggyBank(db: Db, key: UserDate): Promise<boolean> {
  const spent = await queryPreparedSql<{ id: number }>(
    db,
    DAY_STATEMENTS.spendOldestPiggyBank(key),
  );
  return spent.length > 0;
}

import {
  addDays,
  type DaySummary,
  dayCategoryCents,
  type KeptStreakDay,
  summarizeDay,
} from '@wellbank/domain';

const NO_HOLIDAYS: ReadonlySet<string> = new Set();

import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { storeClosedWeeks } from '../../apps/api/src/modules/insights/closed-weeks.ts';
import { closeFinishedDays } from '../../apps/api/src/modules/points/closed-points.ts';
import { recomputeSchoolPoints } from '../../apps/api/src/modules/points/points.service.ts';
import { pgArray } from './pg-array.ts';
import { createRandom, randomDay, randomProfile } from './random-day.ts';
import type { SeededSchool } from './seed-schools.ts';

const BATCH_ROWS = 50_000;

interface SummaryRow extends DaySummary {
  userId: number;
  schoolId: number;
  localDate: string;
  /** The day's non-stress category totals as JSON, as the activity write keeps them. */
  categoryCents: string;
}

/**
 * Daily summaries for every user of the schools over `range` (per school, in its time zone),
 * made by the domain's own `summarizeDay` from random but plausible days, so balances, streaks and
 * points follow the rules; then `users.points` is recomputed by the product's points service (and
 * the closed days' points others see, decision 0043) and
 * `last_activity_logged_at` set to each user's last logged day. Returns the rows written.
 */
export async function seedHistory(
  db: Db,
  options: {
    schools: readonly SeededSchool[];
    range: (school: SeededSchool) => { start: string; end: string };
    seed: number;
  },
): Promise<number> {
  const random = createRandom(options.seed);
  let batch: SummaryRow[] = [];
  let written = 0;
  for (const school of options.schools) {
    const { start, end } = options.range(school);
    const users = await queryRows<{ id: number }>(
      db,
      sql`select id from users where school_id = ${school.id} order by id`,
    );
    for (const user of users) {
      const profile = randomProfile(random);
      let lastKept: KeptStreakDay | undefined;
      for (let day = start; day <= end; day = addDays(day, 1)) {
        if (random() >= profile.loggingRate) continue;
        const activities = randomDay(random, profile);
        // The bench's schools mark no holidays: weekends are their only days off.
        const summary = summarizeDay(activities, { date: day, lastKept, holidays: NO_HOLIDAYS });
        lastKept = { date: day, streakLength: summary.streakLength, restDays: summary.restDays };
        batch.push({
          ...summary,
          userId: user.id,
          schoolId: school.id,
          localDate: day,
          categoryCents: JSON.stringify(dayCategoryCents(activities)),
        });
        if (batch.length >= BATCH_ROWS) {
          written += await insertSummaries(db, batch);
          batch = [];
        }
      }
    }
  }
  written += await insertSummaries(db, batch);
  const ids = pgArray(options.schools.map((school) => school.id));
  // Each user's own time of day, 07:00 to 20:59 school time, so last activities are as varied as
  // real ones (one fixed hour put everyone who logged the same day on one instant).
  await db.execute(sql`update users u set last_activity_logged_at = latest.day
    from (select d.user_id, (max(d.local_date) + time '07:00'
        + (d.user_id * 7919 % 50400) * interval '1 second') at time zone s.time_zone as day
      from daily_summaries d join schools s on s.id = d.school_id
      where d.school_id = any(${ids}::int[]) group by d.user_id, s.time_zone) latest
    where u.id = latest.user_id`);
  for (const school of options.schools) await recomputeSchoolPoints(db, school.id);
  // What others see: the closed days' points, as the hourly job keeps them (decision 0043).
  await closeFinishedDays(db, new Date());
  // and the closed weeks the insights read (decision 0057).
  await storeClosedWeeks(db, new Date());
  return written;
}

async function insertSummaries(db: Db, rows: readonly SummaryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <K extends keyof SummaryRow>(key: K) => pgArray(rows.map((row) => row[key]));
  await db.execute(sql`insert into daily_summaries (user_id, school_id, local_date, balance_cents,
      food_cents, energy_cents, stress_cents, is_complete, streak_length, rest_days, day_points,
      streak_points, category_cents)
    select * from unnest(${column('userId')}::int[], ${column('schoolId')}::int[],
      ${column('localDate')}::date[], ${column('balanceCents')}::int[], ${column('foodCents')}::int[],
      ${column('energyCents')}::int[], ${column('stressCents')}::int[],
      ${column('isComplete')}::bool[], ${column('streakLength')}::int[],
      ${column('restDays')}::smallint[], ${column('dayPoints')}::int[], ${column('streakPoints')}::int[],
      ${column('categoryCents')}::jsonb[])`);
  return rows.length;
}

/**
 * The activities behind the schools' summaries, all eight of every logged day (the stress one
 * too, which the export must leave out), with plausible property values, in one statement. Every
 * logged day complete is the heavy case. The load runs on them too: with the table as empty as
 * `seedHistory` leaves it, PostgreSQL planned its statements on activities with sequential scans
 * and kept those plans on the connections that prepared them while the load filled the table,
 * so one server's connections could scan thousands of rows a write and the other's none.
 */
export async function seedActivitiesFromSummaries(db: Db, schoolIds: number[]): Promise<void> {
  await db.execute(sql`insert into activities (user_id, activity_type, local_date, total_cents,
      properties)
    select d.user_id, t.type, d.local_date,
      case t.type when 'stress' then d.stress_cents when 'food' then d.food_cents
        else d.energy_cents / 6 end,
      case t.type
        when 'sleep' then jsonb_build_object('minutes', 360 + (d.user_id % 7) * 30)
        when 'water' then jsonb_build_object('cups', 1 + d.user_id % 6, 'fruit', d.user_id % 3,
          'vegetables', (d.user_id + 1) % 3)
        when 'fitness' then jsonb_build_object('vigorous_duration', 2 * (d.user_id % 20),
          'moderate_duration', 2 * (d.user_id % 30), 'piggy_bank', 0)
        when 'food' then jsonb_build_object('green', d.user_id % 6, 'yellow', d.user_id % 3,
          'red', d.user_id % 2)
        when 'rest' then jsonb_build_object('duration', 2 * (d.user_id % 15))
        when 'sunshine' then jsonb_build_object('duration', 2 * (d.user_id % 30))
        when 'cleanliness' then jsonb_build_object('teeth', 1, 'body', 1, 'floss', d.user_id % 2)
        else jsonb_build_object('people', 1 + d.user_id % 5, 'money', 1, 'personal', 2,
          'clock', 1 + d.user_id % 3, 'health', 1)
      end
    from daily_summaries d cross join unnest(enum_range(null::activity_type)) t(type)
    where d.school_id = any(${pgArray(schoolIds)}::int[])
    on conflict do nothing`);
}

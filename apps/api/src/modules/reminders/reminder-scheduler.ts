import {
  isQuietMinute,
  localClock,
  type ReminderKind,
  TIME_ZONE_VALUES,
  WEEKLY_SUMMARY,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';
import { REMINDER_DELIVERY } from './reminder-delivery.job.ts';

/**
 * Each minute's tick looks back this far, so a tick that runs late (the cron pass, a restart)
 * still finds the users of the minutes it missed; the claim's unique key keeps it to one each.
 */
export const REMINDER_LOOKBACK_MINUTES = 5;

/**
 * Users per delivery job: its reads are a few statements for the whole batch, and each of a
 * worker's jobs waits for its poll (2 s), so few large batches beat many small ones (decision 0029).
 */
export const REMINDER_BATCH_SIZE = 500;

/** The school-local minutes one tick covers in a time zone, on its current local date. */
export interface DueWindow {
  timeZone: string;
  localDate: string;
  firstMinute: number;
  lastMinute: number;
  /** Whether `now` is in quiet hours there: students are then not claimed. */
  quiet: boolean;
  weekday: number;
}

/**
 * Per time zone, the local minutes of the instants (now − lookback, now] that fall on today's
 * local date. A day-light saving jump forward (01:59 → 03:00) lies inside one window, so the
 * skipped hour's users are due at 03:00; an hour repeated in autumn is covered twice, which the
 * claim's key makes harmless.
 */
export function dueWindows(now: Date, lookbackMinutes = REMINDER_LOOKBACK_MINUTES): DueWindow[] {
  return TIME_ZONE_VALUES.map((timeZone) => {
    const current = localClock(now, timeZone);
    let firstMinute = current.minute;
    for (let back = 1; back < lookbackMinutes; back++) {
      const earlier = localClock(new Date(now.getTime() - back * 60_000), timeZone);
      if (earlier.date === current.date) firstMinute = Math.min(firstMinute, earlier.minute);
    }
    return {
      timeZone,
      localDate: current.date,
      firstMinute,
      lastMinute: current.minute,
      quiet: isQuietMinute(current.minute),
      weekday: current.weekday,
    };
  });
}

export function windowsTable(windows: readonly DueWindow[]): SQL {
  const rows = windows.map(
    (w) =>
      sql`(${w.timeZone}::text, ${w.localDate}::date, ${w.firstMinute}::int, ${w.lastMinute}::int, ${w.quiet}::boolean)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as due(time_zone, local_date, first_minute, last_minute, quiet)`;
}

/**
 * Who may be reminded at all: an open school that has paid, and, for a family member, their
 * donation (the payment gate's own columns), and no student during quiet hours.
 */
const MAY_BE_REMINDED = sql`schools.purge_after is null
  and ${paymentStateColumns.schoolHasPaid}
  and (${paymentStateColumns.userHasDonated} or not exists(
    select 1 from user_roles ur where ur.user_id = users.id and ur.role = 'community_member'))
  and not (due.quiet and users.is_student)`;

interface Claimed {
  user_id: number;
  local_date: string;
}

/**
 * One statement per tick claims every due user's daily reminder: the partial index on
 * `minute_of_day` finds them, and the insert into `reminder_sends` (key: user, local date, kind)
 * is the claim, `on conflict do nothing`: only rows inserted now come back, so nobody is claimed
 * twice however many ticks, instances or retries see them.
 */
async function claimDaily(db: Db, windows: readonly DueWindow[], now: Date): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`insert into reminder_sends (user_id, local_date, kind, claimed_at)
      select users.id, due.local_date, 'daily', ${now.toISOString()}::timestamptz
      from ${windowsTable(windows)}
      join reminder_settings r on r.enabled and (r.push or r.email)
        and r.minute_of_day between due.first_minute and due.last_minute
      join users on users.id = r.user_id
      join schools on schools.id = users.school_id and schools.time_zone = due.time_zone
      where ${MAY_BE_REMINDED}
        and not exists(select 1 from daily_summaries d
          where d.user_id = users.id and d.local_date = due.local_date and d.is_complete)
      on conflict do nothing
      returning user_id, local_date::text`,
  );
}

/** Monday 07:00 school time: everyone who asked for the weekly summary, by the same claim. */
async function claimWeekly(db: Db, windows: readonly DueWindow[], now: Date): Promise<Claimed[]> {
  const mondayMorning = windows.filter(
    (w) =>
      w.weekday === WEEKLY_SUMMARY.weekday &&
      w.firstMinute <= WEEKLY_SUMMARY.minute &&
      WEEKLY_SUMMARY.minute <= w.lastMinute,
  );
  if (mondayMorning.length === 0) return [];
  return queryRows<Claimed>(
    db,
    sql`insert into reminder_sends (user_id, local_date, kind, claimed_at)
      select users.id, due.local_date, 'weekly', ${now.toISOString()}::timestamptz
      from ${windowsTable(mondayMorning)}
      join schools on schools.time_zone = due.time_zone
      join users on users.school_id = schools.id
      join reminder_settings r on r.user_id = users.id and r.weekly_summary
      where ${MAY_BE_REMINDED}
      on conflict do nothing
      returning user_id, local_date::text`,
  );
}

/** Splits claims into delivery jobs of one kind and date, REMINDER_BATCH_SIZE users each. */
async function enqueueBatches(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  kind: ReminderKind,
  claimed: readonly Claimed[],
): Promise<void> {
  const byDate = new Map<string, number[]>();
  for (const { user_id, local_date } of claimed) {
    byDate.set(local_date, [...(byDate.get(local_date) ?? []), user_id]);
  }
  for (const [localDate, userIds] of byDate) {
    for (let start = 0; start < userIds.length; start += REMINDER_BATCH_SIZE) {
      const batch = userIds.slice(start, start + REMINDER_BATCH_SIZE);
      await jobs.send(db, REMINDER_DELIVERY, { kind, localDate, userIds: batch });
    }
  }
}

/**
 * The minute's work: claim the due reminders and hand them to the queue in batches, in one
 * transaction, so a claim exists if and only if its delivery job does.
 */
export async function tickReminders(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  now: Date;
}): Promise<{ daily: number; weekly: number }> {
  const windows = dueWindows(deps.now);
  return deps.db.transaction(async (tx) => {
    const daily = await claimDaily(tx, windows, deps.now);
    const weekly = await claimWeekly(tx, windows, deps.now);
    await enqueueBatches(tx, deps.jobs, 'daily', daily);
    await enqueueBatches(tx, deps.jobs, 'weekly', weekly);
    return { daily: daily.length, weekly: weekly.length };
  });
}

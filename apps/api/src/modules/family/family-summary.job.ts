import {
  addDays,
  FAMILY_SUMMARY,
  type FamilyDay,
  familySummaryMail,
  familyWeekFigures,
  type Language,
} from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';
import type { ReminderKeys } from '../reminders/reminder-keys.ts';
import { dueWindows, windowsTable } from '../reminders/reminder-scheduler.ts';
import { sendWithUnsubscribe, unsubscribeLinks } from '../reminders/unsubscribe-links.ts';

/**
 * The family's weekly e-mail (issue 36 §2, decision 0080): Monday 07:00 in the child's school's
 * time zone, each guardian gets one e-mail per linked child about the week just ended. The claim
 * is a row of `family_summary_sends` (key: guardian, child, week), inserted `on conflict do
 * nothing` in the same transaction as the delivery job: however many ticks and instances run, a
 * guardian is mailed at most once a week about a child.
 */
export interface FamilySummaryDelivery {
  weekStart: string;
  /** [guardian id, child id] pairs claimed for that week. */
  pairs: [number, number][];
}

export const FAMILY_SUMMARY_DELIVERY = jobType<FamilySummaryDelivery>('family-summary-delivery');

const BATCH_SIZE = 200;

interface Claimed {
  guardian_user_id: number;
  student_user_id: number;
  week_start: string;
}

/** The minute's claim, run by the reminders' every-minute tick: nothing but on Monday at 07:00. */
export async function tickFamilySummaries(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  now: Date;
}): Promise<number> {
  const due = dueWindows(deps.now).filter(
    (w) =>
      w.weekday === FAMILY_SUMMARY.weekday &&
      w.firstMinute <= FAMILY_SUMMARY.minute &&
      FAMILY_SUMMARY.minute <= w.lastMinute,
  );
  if (due.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    // `users` is the child (the payment gate's columns name it); `g` the guardian.
    const claimed = await queryRows<Claimed>(
      tx,
      sql`insert into family_summary_sends (guardian_user_id, student_user_id, week_start, claimed_at)
        select g.id, users.id, due.local_date - 7, ${deps.now.toISOString()}::timestamptz
        from ${windowsTable(due)}
        join schools on schools.time_zone = due.time_zone
        join users on users.school_id = schools.id and users.is_student
        join guardian_links gl on gl.student_user_id = users.id
        join users g on g.id = gl.guardian_user_id
        join schools gs on gs.id = g.school_id
        left join reminder_settings r on r.user_id = g.id
        where schools.purge_after is null and gs.purge_after is null
          and ${paymentStateColumns.schoolHasPaid}
          and coalesce(r.family_summary, true)
          and g.email is not null and g.email_confirmed_at is not null
        on conflict do nothing
        returning guardian_user_id, student_user_id, week_start::text`,
    );
    const byWeek = new Map<string, [number, number][]>();
    for (const c of claimed) {
      byWeek.set(c.week_start, [
        ...(byWeek.get(c.week_start) ?? []),
        [c.guardian_user_id, c.student_user_id],
      ]);
    }
    for (const [weekStart, pairs] of byWeek) {
      for (let start = 0; start < pairs.length; start += BATCH_SIZE) {
        const batch = pairs.slice(start, start + BATCH_SIZE);
        await deps.jobs.send(tx, FAMILY_SUMMARY_DELIVERY, { weekStart, pairs: batch });
      }
    }
    return claimed.length;
  });
}

export interface FamilySummaryDeps {
  db: Db;
  mailer: Mailer;
  keys: ReminderKeys;
  mailUrl: string;
  now: () => Date;
}

interface Recipient {
  guardian_id: number;
  student_id: number;
  email: string;
  guardian_first_name: string;
  language: Language;
  child_first_name: string;
  school_id: number;
  unsubscribe_version: number;
}

interface Interval {
  school_id: number;
  start_date: string;
  end_date: string;
  points_needed: number;
}

export function familySummaryJob(deps: FamilySummaryDeps): JobDefinition<FamilySummaryDelivery> {
  return {
    type: FAMILY_SUMMARY_DELIVERY,
    // Ids only in the job; a refused send is retried, each retry skipping what went out.
    queue: MAIL_JOB_QUEUE,
    run: (batch) => deliverFamilySummaries(deps, batch),
  };
}

const pairsTable = (pairs: readonly [number, number][]) =>
  sql`(values ${sql.join(
    pairs.map(([g, s]) => sql`(${g}::int, ${s}::int)`),
    sql`, `,
  )}) as pair(guardian_id, student_id)`;

export async function deliverFamilySummaries(
  deps: FamilySummaryDeps,
  batch: FamilySummaryDelivery,
): Promise<void> {
  if (batch.pairs.length === 0) return;
  const { db } = deps;
  // A row for the unsubscribe link's counter: a guardian who never saved a setting has none.
  await db.execute(
    sql`insert into reminder_settings (user_id)
      select distinct guardian_id from ${pairsTable(batch.pairs)} on conflict do nothing`,
  );
  // Re-checked at delivery: still linked, still wanted, not yet mailed.
  const recipients = await queryRows<Recipient>(
    db,
    sql`select g.id as guardian_id, c.id as student_id, g.email, g.first_name as guardian_first_name,
        g.language, c.first_name as child_first_name, c.school_id, r.unsubscribe_version
      from ${pairsTable(batch.pairs)}
      join family_summary_sends fs on fs.guardian_user_id = pair.guardian_id
        and fs.student_user_id = pair.student_id and fs.week_start = ${batch.weekStart}::date
        and fs.mailed_at is null
      join guardian_links gl on gl.guardian_user_id = pair.guardian_id
        and gl.student_user_id = pair.student_id
      join users g on g.id = pair.guardian_id
      join users c on c.id = pair.student_id
      join schools s on s.id = c.school_id and s.purge_after is null
      join reminder_settings r on r.user_id = g.id and r.family_summary
      where g.email is not null and g.email_confirmed_at is not null`,
  );
  if (recipients.length === 0) return;
  const children = `{${[...new Set(recipients.map((r) => r.student_id))].join(',')}}`;
  const weekEnd = addDays(batch.weekStart, 6);
  const intervals = await queryRows<Interval>(
    db,
    sql`select school_id, start_date::text, end_date::text, points_needed from semesters
      where is_active and school_id in (select school_id from users where id = any(${children}::int[]))`,
  );
  const earliest = intervals.reduce(
    (first, i) => (i.start_date < first ? i.start_date : first),
    batch.weekStart,
  );
  // Only the stress-free columns are read: no figure of this e-mail can depend on stress. From
  // the interval's start or the week's, or the last day kept before it, where the streak walks on.
  const days = await queryRows<FamilyDay & { userId: number }>(
    db,
    sql`select user_id as "userId", local_date::text as "localDate", energy_cents as "energyCents",
        is_complete as "isComplete", streak_length as "streakLength", rest_days as "restDays",
        streak_points as "streakPoints"
      from daily_summaries d
      where user_id = any(${children}::int[]) and local_date <= ${weekEnd}::date
        and local_date >= least(${earliest}::date, (select max(k.local_date) from daily_summaries k
          where k.user_id = d.user_id and k.local_date <= ${weekEnd}::date))`,
  );
  const firstDay = days.reduce((first, d) => (d.localDate < first ? d.localDate : first), weekEnd);
  const holidays = await queryRows<{ school_id: number; date: string }>(
    db,
    sql`select school_id, date::text from school_holidays
      where school_id in (select school_id from users where id = any(${children}::int[]))
        and date > ${firstDay}::date and date <= ${weekEnd}::date`,
  );
  const mailed: [number, number][] = [];
  let failures = 0;
  for (const r of recipients) {
    const interval = intervals.find((i) => i.school_id === r.school_id);
    const figures = familyWeekFigures({
      weekStart: batch.weekStart,
      days: days.filter((d) => d.userId === r.student_id),
      holidays: new Set(holidays.filter((h) => h.school_id === r.school_id).map((h) => h.date)),
      interval: interval
        ? {
            startDate: interval.start_date,
            endDate: interval.end_date,
            pointsNeeded: interval.points_needed,
          }
        : null,
    });
    const links = await unsubscribeLinks(deps, {
      purpose: 'family-summary',
      userId: r.guardian_id,
      version: r.unsubscribe_version,
    });
    const mail = familySummaryMail(
      {
        guardianFirstName: r.guardian_first_name,
        childFirstName: r.child_first_name,
        figures,
        familyUrl: `${deps.mailUrl}/family`,
        unsubscribeUrl: links.page,
      },
      speakerOf(r.language),
    );
    try {
      await sendWithUnsubscribe(deps.mailer, { to: r.email, ...mail, links });
      mailed.push([r.guardian_id, r.student_id]);
    } catch {
      failures += 1;
    }
  }
  if (mailed.length > 0) {
    await db.execute(
      sql`update family_summary_sends fs set mailed_at = ${deps.now().toISOString()}::timestamptz
        from ${pairsTable(mailed)}
        where fs.guardian_user_id = pair.guardian_id and fs.student_user_id = pair.student_id
          and fs.week_start = ${batch.weekStart}::date`,
    );
  }
  if (failures > 0) {
    throw new Error(`${failures} family e-mails of ${recipients.length} failed`);
  }
}

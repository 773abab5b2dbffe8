import { addDays, localClock, localDate } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { createJobQueue } from '../../apps/api/src/jobs/job-queue.ts';
import type { Mailer } from '../../apps/api/src/modules/mail/mailer.ts';
import type { PushSender } from '../../apps/api/src/modules/reminders/push-sender.ts';
import { reminderDeliveryJob } from '../../apps/api/src/modules/reminders/reminder-delivery.job.ts';
import { createReminderKeys } from '../../apps/api/src/modules/reminders/reminder-keys.ts';
import { tickReminders } from '../../apps/api/src/modules/reminders/reminder-scheduler.ts';
import type { DatabaseCpu } from './database-cpu.ts';
import type { SeededSchool } from './seed-schools.ts';

export interface ReminderFigures {
  users: number;
  claimMs: number;
  /** From the tick to the last reminder handed to the mailer and the push sender. */
  handedOverMs: number;
  mails: number;
  pushes: number;
  databaseCpuSeconds: number;
  plan: string;
}

const ZONE = 'America/Denver';

/**
 * Issue 15 §6: `users` users of the small schools due at 17:00 tomorrow (Denver) with e-mail and
 * one push device each; one tick claims them and queues their delivery in batches, and the
 * queue's workers (production timing and concurrency) hand every reminder to a mailer and a push
 * sender that only count. Measured: tick to the last hand-over, and the database's CPU.
 */
export async function measureReminders(
  database: Database,
  options: { schools: readonly SeededSchool[]; users: number; databaseCpu: DatabaseCpu },
): Promise<ReminderFigures> {
  const { db } = database;
  const ids = `{${options.schools.map((s) => s.id).join(',')}}`;
  await db.execute(sql`update schools set time_zone = ${ZONE} where id = any(${ids}::int[])`);
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from users where school_id = any(${ids}::int[]) order by id limit ${options.users}`,
  );
  const userIds = `{${due.map((u) => u.id).join(',')}}`;
  // Reminders are mailed to confirmed addresses only (decision 0044), as real users' are.
  await db.execute(
    sql`update users set email_confirmed_at = now() where id = any(${userIds}::int[])`,
  );
  await db.execute(sql`insert into reminder_settings (user_id, enabled, minute_of_day, push, email)
    select id, true, 1020, true, true from unnest(${userIds}::int[]) id`);
  await db.execute(sql`with s as (
      insert into auth_sessions (user_id, token_hash)
      select id, 'bench-reminder-' || id from unnest(${userIds}::int[]) id
      returning id, user_id)
    insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth)
    select user_id, id, 'https://fcm.googleapis.com/fcm/send/bench-' || user_id, 'p', 'a' from s`);
  await db.execute(sql`analyze reminder_settings; analyze push_subscriptions`);

  const tomorrow = addDays(localDate(new Date(), ZONE), 1);
  const now = fiveInDenver(tomorrow);
  let mails = 0;
  let pushes = 0;
  let done: () => void = () => {};
  const allHandedOver = new Promise<void>((resolve) => {
    done = resolve;
  });
  const check = () => {
    if (mails >= due.length && pushes >= due.length) done();
  };
  const mailer: Mailer = {
    async send() {
      mails += 1;
      check();
    },
  };
  const push: PushSender = {
    async send() {
      pushes += 1;
      check();
      return 'sent';
    },
  };
  const jobs = createJobQueue(database.queueConnection);
  const keys = createReminderKeys(db);
  const silent = { warn: () => {}, error: console.error };
  await jobs.start({
    jobs: [
      reminderDeliveryJob({
        db,
        mailer,
        push,
        keys,
        mailUrl: 'https://bench.test',
        now: () => now,
      }),
    ],
    log: silent,
  });
  try {
    const cpuBefore = await options.databaseCpu.snapshot();
    const started = performance.now();
    const claimed = await tickReminders({ db, jobs, now });
    const claimMs = performance.now() - started;
    if (claimed.daily !== due.length) throw new Error(`claimed ${claimed.daily} of ${due.length}`);
    await handedOverWithin(allHandedOver, HAND_OVER_LIMIT_MS, () => {
      return `${mails} e-mails and ${pushes} pushes of ${due.length} each handed over`;
    });
    const handedOverMs = performance.now() - started;
    const databaseCpuSeconds = await options.databaseCpu.since(cpuBefore);
    const explained = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain select r.user_id from reminder_settings r
        where r.enabled and (r.push or r.email) and r.minute_of_day between 1016 and 1020`,
    );
    return {
      users: due.length,
      claimMs,
      handedOverMs,
      mails,
      pushes,
      databaseCpuSeconds,
      plan: explained.map((row) => row['QUERY PLAN']).join('\n'),
    };
  } finally {
    await jobs.stop();
  }
}

/** 17:00 in Denver on `date` (UTC−7 in winter, −6 in summer). */
function fiveInDenver(date: string): Date {
  for (const offsetHours of [7, 6]) {
    const candidate = new Date(Date.parse(`${date}T00:00:00Z`) + (17 + offsetHours) * 3_600_000);
    const clock = localClock(candidate, ZONE);
    if (clock.date === date && clock.minute === 17 * 60) return candidate;
  }
  throw new Error(`no 17:00 in ${ZONE} on ${date}`);
}

/** Far beyond the seconds 10,000 reminders take: a rule that stops some would otherwise hang. */
const HAND_OVER_LIMIT_MS = 300_000;

export async function handedOverWithin(
  handedOver: Promise<void>,
  limitMs: number,
  progress: () => string,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`reminders: after ${limitMs / 1000} s only ${progress()}`)),
      limitMs,
    );
  });
  try {
    await Promise.race([handedOver, late]);
  } finally {
    clearTimeout(timer);
  }
}

import {
  type ActivityType,
  dailyReminderMail,
  dailyReminderPush,
  dayProgress,
  dollarsToCents,
  isQuietMinute,
  type Language,
  localClock,
  type MailText,
  QUIET_HOURS,
  type ReminderKind,
  type WeeklyFigures,
  type WeeklySnapshot,
  weeklySummaryMail,
} from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { sql } from 'drizzle-orm';
import type { QueueOptions } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import type { Mailer } from '../mail/mailer.ts';
import { weeklySnapshot } from '../snapshots/snapshots.service.ts';
import type { PushSender } from './push-sender.ts';
import type { ReminderKeys, UnsubscribeClaim, UnsubscribePurpose } from './reminder-keys.ts';
import {
  sendWithUnsubscribe,
  type UnsubscribeLinks,
  unsubscribeLinks,
} from './unsubscribe-links.ts';

export interface ReminderDelivery {
  kind: ReminderKind;
  localDate: string;
  userIds: number[];
}

export const REMINDER_DELIVERY = jobType<ReminderDelivery>('reminder-delivery');

const MINUTE = 60;

/**
 * A batch that could not be delivered whole is retried 4 times over about 10 minutes, then
 * dropped (logged as failed for good). Each retry skips what already went out, and re-checks the
 * date, quiet hours and the day's progress, so a late retry never reminds about yesterday.
 */
const REMINDER_QUEUE: QueueOptions = {
  retryLimit: 4,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 5 * MINUTE,
  heartbeatSeconds: 10,
  expireInSeconds: 5 * MINUTE,
  // The jobs hold user ids only; kept a day after they finish.
  deleteAfterSeconds: 24 * 60 * MINUTE,
};

/** A reminder still undelivered this long after its time is not worth a notification. */
const PUSH_TTL_SECONDS = 3 * 60 * MINUTE;

export interface ReminderDeliveryDeps {
  db: Db;
  mailer: Mailer;
  push: PushSender;
  keys: ReminderKeys;
  /** Base of links in the e-mails: APP_URL, else the server's own address. */
  mailUrl: string;
  now: () => Date;
}

interface Recipient {
  user_id: number;
  school_id: number;
  /** Null: a student without e-mail (decision 0063), reminded by push only. */
  email: string | null;
  first_name: string;
  language: Language;
  is_student: boolean;
  time_zone: string;
  enabled: boolean;
  push: boolean;
  email_on: boolean;
  weekly_summary: boolean;
  unsubscribe_version: number;
  mailed: boolean;
  /** An unconfirmed address gets no reminder (decision 0044); push still goes. */
  email_confirmed: boolean;
}

interface Subscription {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What one batch achieved, written back in three statements. */
interface Outcome {
  pushedTo: number[];
  goneSubscriptions: number[];
  pushedUsers: number[];
  mailedUsers: number[];
  failures: number;
}

export function reminderDeliveryJob(deps: ReminderDeliveryDeps): JobDefinition<ReminderDelivery> {
  return {
    type: REMINDER_DELIVERY,
    queue: REMINDER_QUEUE,
    concurrency: 4,
    run: (batch) => deliverReminders(deps, batch),
  };
}

export async function deliverReminders(
  deps: ReminderDeliveryDeps,
  batch: ReminderDelivery,
): Promise<void> {
  const recipients = await loadRecipients(deps.db, batch);
  const outcome: Outcome = {
    pushedTo: [],
    goneSubscriptions: [],
    pushedUsers: [],
    mailedUsers: [],
    failures: 0,
  };
  if (batch.kind === 'daily') {
    await deliverDaily(deps, batch, recipients, outcome);
  } else {
    await deliverWeekly(deps, batch, recipients, outcome);
  }
  await recordOutcome(deps, batch, outcome);
  if (outcome.failures > 0) {
    throw new Error(`${outcome.failures} reminder deliveries of ${batch.userIds.length} failed`);
  }
}

async function loadRecipients(db: Db, batch: ReminderDelivery): Promise<Recipient[]> {
  return queryRows<Recipient>(
    db,
    sql`select u.id as user_id, u.school_id, u.email, u.first_name, u.language, u.is_student, s.time_zone,
        r.enabled, r.push, r.email as email_on, r.weekly_summary, r.unsubscribe_version,
        rs.mailed_at is not null as mailed, u.email_confirmed_at is not null as email_confirmed
      from reminder_sends rs
      join users u on u.id = rs.user_id
      join schools s on s.id = u.school_id
      join reminder_settings r on r.user_id = u.id
      where rs.kind = ${batch.kind} and rs.local_date = ${batch.localDate}::date
        and rs.user_id = any(${`{${batch.userIds.join(',')}}`}::int[])
        and s.purge_after is null`,
  );
}

/** Whether a reminder for `localDate` may still go out now: same day, and not quiet for a child. */
function stillTimely(recipient: Recipient, localDate: string, now: Date): boolean {
  const clock = localClock(now, recipient.time_zone);
  if (clock.date !== localDate) return false;
  return !(recipient.is_student && isQuietMinute(clock.minute));
}

/** A student's notification must not arrive in quiet hours: it expires when they begin. */
function pushTtlSeconds(recipient: Recipient, now: Date): number {
  if (!recipient.is_student) return PUSH_TTL_SECONDS;
  const untilQuiet = (QUIET_HOURS.startMinute - localClock(now, recipient.time_zone).minute) * 60;
  return Math.max(60, Math.min(PUSH_TTL_SECONDS, untilQuiet));
}

async function deliverDaily(
  deps: ReminderDeliveryDeps,
  batch: ReminderDelivery,
  recipients: readonly Recipient[],
  outcome: Outcome,
): Promise<void> {
  const ids = `{${batch.userIds.join(',')}}`;
  const activities = await queryRows<{
    user_id: number;
    activity_type: ActivityType;
    properties: Record<string, number>;
  }>(
    deps.db,
    sql`select user_id, activity_type, properties from activities
      where user_id = any(${ids}::int[]) and local_date = ${batch.localDate}::date`,
  );
  const subscriptions = await queryRows<Subscription>(
    deps.db,
    sql`select id, user_id, endpoint, p256dh, auth from push_subscriptions
      where user_id = any(${ids}::int[]) and reminded_on is distinct from ${batch.localDate}::date`,
  );
  const now = deps.now();
  await eachAtOnce(recipients, async (recipient) => {
    if (!recipient.enabled || !stillTimely(recipient, batch.localDate, now)) return;
    const progress = dayProgress(
      activities
        .filter((a) => a.user_id === recipient.user_id)
        .map((a) => ({ activity_type: a.activity_type, values: a.properties })),
    );
    if (progress.missing.length === 0) return;
    if (recipient.push) {
      const payload = dailyReminderPush(progress, speakerOf(recipient.language));
      const ttlSeconds = pushTtlSeconds(recipient, now);
      const mine = subscriptions.filter((s) => s.user_id === recipient.user_id);
      for (const subscription of mine) {
        try {
          const result = await deps.push.send(subscription, payload, { ttlSeconds });
          if (result === 'gone') outcome.goneSubscriptions.push(subscription.id);
          else outcome.pushedTo.push(subscription.id);
        } catch {
          outcome.failures += 1;
        }
      }
      if (mine.length > 0) outcome.pushedUsers.push(recipient.user_id);
    }
    if (recipient.email_on && !recipient.mailed) {
      const links = await unsubscribeLinks(deps, claimOf(recipient, 'daily-email'));
      const mail = dailyReminderMail(
        {
          firstName: recipient.first_name,
          progress,
          dashboardUrl: `${deps.mailUrl}/dashboard`,
          unsubscribeUrl: links.page,
        },
        speakerOf(recipient.language),
      );
      await sendMail(deps, { to: recipient, mail, links }, outcome);
    }
  });
}

async function deliverWeekly(
  deps: ReminderDeliveryDeps,
  batch: ReminderDelivery,
  recipients: readonly Recipient[],
  outcome: Outcome,
): Promise<void> {
  const now = deps.now();
  await eachAtOnce(recipients, async (recipient) => {
    if (!recipient.weekly_summary || recipient.mailed) return;
    if (!stillTimely(recipient, batch.localDate, now)) return;
    const snapshot = await weeklySnapshot(deps.db, {
      userId: recipient.user_id,
      schoolId: recipient.school_id,
      now,
    });
    const links = await unsubscribeLinks(deps, claimOf(recipient, 'weekly-summary'));
    const mail = weeklySummaryMail(
      {
        firstName: recipient.first_name,
        figures: weeklyFigures(snapshot),
        progressUrl: `${deps.mailUrl}/progress`,
        unsubscribeUrl: links.page,
      },
      speakerOf(recipient.language),
    );
    await sendMail(deps, { to: recipient, mail, links }, outcome);
  });
}

function claimOf(recipient: Recipient, purpose: UnsubscribePurpose): UnsubscribeClaim {
  return { purpose, userId: recipient.user_id, version: recipient.unsubscribe_version };
}

export function weeklyFigures(snapshot: WeeklySnapshot): WeeklyFigures {
  const colors = snapshot.daily_balance_color_count;
  return {
    daysBanked: snapshot.days_banked,
    weeklyBalanceCents: dollarsToCents(snapshot.weekly_balance),
    greenDays: colors.dark_green + colors.light_green,
    yellowDays: colors.yellow,
    redDays: colors.light_red + colors.dark_red,
    points: snapshot.semester
      ? {
          earned: snapshot.semester_user_points + snapshot.semester_streak_points,
          needed: snapshot.semester.points_needed,
        }
      : null,
  };
}

/** The e-mail, with RFC 8058's two headers (`unsubscribe-links.ts`). */
async function sendMail(
  deps: ReminderDeliveryDeps,
  message: { to: Recipient; mail: MailText; links: UnsubscribeLinks },
  outcome: Outcome,
): Promise<void> {
  const { email } = message.to;
  if (!email || !message.to.email_confirmed) return;
  try {
    await sendWithUnsubscribe(deps.mailer, { to: email, ...message.mail, links: message.links });
    outcome.mailedUsers.push(message.to.user_id);
  } catch {
    outcome.failures += 1;
  }
}

async function recordOutcome(
  deps: ReminderDeliveryDeps,
  batch: ReminderDelivery,
  outcome: Outcome,
): Promise<void> {
  const array = (ids: readonly number[]) => `{${ids.join(',')}}`;
  const at = deps.now().toISOString();
  if (outcome.pushedTo.length > 0) {
    await deps.db.execute(
      sql`update push_subscriptions set reminded_on = ${batch.localDate}::date
        where id = any(${array(outcome.pushedTo)}::int[])`,
    );
  }
  if (outcome.goneSubscriptions.length > 0) {
    await deps.db.execute(
      sql`delete from push_subscriptions where id = any(${array(outcome.goneSubscriptions)}::int[])`,
    );
  }
  const mailed = array(outcome.mailedUsers);
  const pushed = array(outcome.pushedUsers);
  if (outcome.mailedUsers.length + outcome.pushedUsers.length > 0) {
    await deps.db.execute(
      sql`update reminder_sends set
          mailed_at = case when user_id = any(${mailed}::int[]) then ${at}::timestamptz else mailed_at end,
          pushed_at = case when user_id = any(${pushed}::int[]) then ${at}::timestamptz else pushed_at end
        where kind = ${batch.kind} and local_date = ${batch.localDate}::date
          and user_id = any(${`{${[...outcome.mailedUsers, ...outcome.pushedUsers].join(',')}}`}::int[])`,
    );
  }
}

/** Sends of one batch overlap, a few at a time: each waits on a mail or push server. */
const SENDS_AT_ONCE = 10;

async function eachAtOnce<T>(items: readonly T[], action: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await action(item);
  };
  await Promise.all(Array.from({ length: SENDS_AT_ONCE }, worker));
}

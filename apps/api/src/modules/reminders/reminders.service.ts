import {
  minuteToTime,
  type PushSubscriptionBody,
  REMINDER_DEFAULTS,
  REMINDER_MESSAGES,
  type ReminderSettings,
  type ReminderSettingsRecord,
  timeToMinute,
} from '@wellbank/domain';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  familySummarySends,
  pushSubscriptions,
  reminderSends,
  reminderSettings,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { UnsubscribeClaim } from './reminder-keys.ts';

/** The user's settings (the defaults without a row) and how many devices have push on. */
export async function readReminderSettings(
  db: Db,
  userId: number,
): Promise<ReminderSettingsRecord> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const settings: ReminderSettings = row
    ? {
        enabled: row.enabled,
        time: minuteToTime(row.minuteOfDay),
        push: row.push,
        email: row.email,
        weekly_summary: row.weeklySummary,
      }
    : REMINDER_DEFAULTS;
  return { ...settings, push_devices: devices?.n ?? 0 };
}

export async function saveReminderSettings(
  db: Db,
  input: { userId: number; settings: ReminderSettings; now: Date },
): Promise<void> {
  const { settings } = input;
  const values = {
    enabled: settings.enabled,
    minuteOfDay: timeToMinute(settings.time),
    push: settings.push,
    email: settings.email,
    weeklySummary: settings.weekly_summary,
    updatedAt: input.now,
  };
  await db
    .insert(reminderSettings)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
}

/**
 * Stores this device's subscription under the session that made it (logging out deletes it).
 * An endpoint the same user already has (re-subscribing, a new session) moves to this session.
 * Another user's endpoint is refused (409), never moved: whoever learnt a device's endpoint could
 * otherwise take its owner's reminders away, or send their own to it. Signing that user out on
 * the device deletes their subscription, and the endpoint is free again (decision 0046).
 */
export async function savePushSubscription(
  db: Db,
  input: { userId: number; sessionId: number; subscription: PushSubscriptionBody },
): Promise<void> {
  const { endpoint, keys } = input.subscription;
  const values = {
    userId: input.userId,
    sessionId: input.sessionId,
    p256dh: keys.p256dh,
    auth: keys.auth,
  };
  const saved = await db
    .insert(pushSubscriptions)
    .values({ endpoint, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: values,
      setWhere: eq(pushSubscriptions.userId, input.userId),
    })
    .returning({ endpoint: pushSubscriptions.endpoint });
  if (saved.length === 0) throw new AppError('conflict', REMINDER_MESSAGES.pushOtherAccount);
}

export async function deletePushSubscription(
  db: Db,
  input: { userId: number; endpoint: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, input.userId),
        eq(pushSubscriptions.endpoint, input.endpoint),
      ),
    );
}

/**
 * The one-click unsubscribe: turns off what the token is for, once. The version in the token must
 * still be the row's, and the update moves it on, in one statement: a second use, or a race of
 * two, finds nothing to update.
 */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim, now: Date): Promise<void> {
  const turnedOff = {
    'daily-email': { email: false },
    'weekly-summary': { weeklySummary: false },
    'family-summary': { familySummary: false },
  }[claim.purpose];
  const updated = await db
    .update(reminderSettings)
    .set({
      ...turnedOff,
      unsubscribeVersion: sql`${reminderSettings.unsubscribeVersion} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(reminderSettings.userId, claim.userId),
        eq(reminderSettings.unsubscribeVersion, claim.version),
      ),
    )
    .returning({ userId: reminderSettings.userId });
  if (updated.length === 0) {
    throw new AppError('not_found', REMINDER_MESSAGES.unsubscribeLinkInvalid);
  }
}

/**
 * The claims are needed for a day (a week's family e-mail: its Monday); kept 8, then deleted by
 * the hourly maintenance.
 */
export async function deleteOldReminderSends(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(reminderSends)
    .where(lt(reminderSends.claimedAt, before))
    .returning({ userId: reminderSends.userId });
  const family = await db
    .delete(familySummarySends)
    .where(lt(familySummarySends.claimedAt, before))
    .returning({ userId: familySummarySends.guardianUserId });
  return deleted.length + family.length;
}

/** The guardian's weekly e-mail about their children: on unless they turned it off. */
export async function readFamilySummarySetting(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: reminderSettings.familySummary })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  return row?.on ?? true;
}

export async function saveFamilySummarySetting(
  db: Db,
  input: { userId: number; enabled: boolean; now: Date },
): Promise<void> {
  const values = { familySummary: input.enabled, updatedAt: input.now };
  await db
    .insert(reminderSettings)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What unsubscribe links may turn off: each token does one thing only. */
export type UnsubscribePurpose = 'daily-email' | 'weekly-summary' | 'family-summary';
const PURPOSES: readonly UnsubscribePurpose[] = ['daily-email', 'weekly-summary', 'family-summary'];

export interface UnsubscribeClaim {
  purpose: UnsubscribePurpose;
  userId: number;
  /** reminder_settings.unsubscribe_version when the link was made. */
  version: number;
}

/**
 * The reminders' secrets (decision 0029): made once, at first use, and kept in `app_secrets`, so
 * every instance and every restart signs and pushes with the same ones. `insert … on conflict do
 * nothing` then a read: two instances starting together end up with the same row.
 */
export function createReminderKeys(db: Db, configured?: VapidKeys) {
  let vapid: Promise<VapidKeys> | undefined;
  let signingKey: Promise<Buffer> | undefined;

  async function secret(name: string, make: () => string): Promise<string> {
    await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
    const [row] = await db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, name));
    if (!row) throw new Error(`app secret ${name} is missing`);
    return row.value;
  }

  function unsubscribeKey(): Promise<Buffer> {
    signingKey ??= secret('unsubscribe-signing-key', () =>
      randomBytes(32).toString('base64url'),
    ).then((value) => Buffer.from(value, 'base64url'));
    return signingKey;
  }

  function sign(payload: string, key: Buffer): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }

  return {
    /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair made at first start. */
    vapid(): Promise<VapidKeys> {
      vapid ??= configured
        ? Promise.resolve(configured)
        : secret('vapid', () => JSON.stringify(webPush.generateVAPIDKeys())).then(
            (value) => JSON.parse(value) as VapidKeys,
          );
      return vapid;
    },

    async unsubscribeToken(claim: UnsubscribeClaim): Promise<string> {
      const payload = `${claim.purpose}.${claim.userId}.${claim.version}`;
      return `${payload}.${sign(payload, await unsubscribeKey())}`;
    },

    /** The claim of a token this app signed, or undefined for anything else. */
    async readUnsubscribeToken(token: string): Promise<UnsubscribeClaim | undefined> {
      const match = /^([a-z-]+)\.([1-9]\d{0,9})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, purpose = '', userId = '', version = '', signature = ''] = match;
      if (!(PURPOSES as readonly string[]).includes(purpose)) return undefined;
      const expected = Buffer.from(sign(`${purpose}.${userId}.${version}`, await unsubscribeKey()));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return {
        purpose: purpose as UnsubscribePurpose,
        userId: Number(userId),
        version: Number(version),
      };
    },
  };
}

export type ReminderKeys = ReturnType<typeof createReminderKeys>;

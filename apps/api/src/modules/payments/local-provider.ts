import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';

export const LOCAL_SESSION_ID = /^cs_local_[A-Za-z0-9_-]{22}$/;

/**
 * DESIGN.md §1.6 built-in checkout, used when no Stripe key is set: the "hosted page" is the web
 * app's /checkout/{id}, and whether a session is paid is the `status` of our own row, which only
 * `POST /local-checkout/{id}/pay` changes.
 */
export function createLocalProvider(options: { db: Db }): PaymentProvider {
  const { db } = options;
  return {
    name: 'local',
    async createCheckout({ returnBase }) {
      const id = `cs_local_${randomBytes(16).toString('base64url')}`;
      return { id, url: `${returnBase}/checkout/${id}` };
    },
    async retrieveCheckout(id) {
      const [row] = await db
        .select({ status: checkoutSessions.status, amountCents: checkoutSessions.amountCents })
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'local')));
      if (!row) return undefined;
      return { id, paid: row.status === 'paid', amountCents: row.amountCents, currency: 'usd' };
    },
  };
}

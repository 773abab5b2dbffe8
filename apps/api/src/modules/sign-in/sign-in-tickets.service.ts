import {
  type Language,
  type SessionRecord,
  SIGN_IN_MESSAGES,
  type SignInTicketResult,
  signInProviderIdSchema,
} from '@wellbank/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invitations, oidcTickets, userIdentities } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import { signInThroughDistrict } from '../auth/auth.service.ts';
import { openSession } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { findOpenInvitation, joinByInvitation } from '../roster/invitations.service.ts';
import { schoolAcceptsSignIn } from './school-accepts.ts';

/**
 * The one-time ticket a district sign-in's callback hands the web page (decision 0050): stored as
 * its SHA-256 with what the callback found, redeemed by `POST /sign-in/oidc/ticket(/accept)`.
 */

const MINUTE_MS = 60 * 1000;
const TICKET_LIFETIME_MS = 2 * MINUTE_MS;
/** An invitation's ticket waits while the person reads the privacy agreement. */
const INVITATION_TICKET_LIFETIME_MS = 10 * MINUTE_MS;

const identitySchema = z.object({
  provider: signInProviderIdSchema,
  issuer: z.string(),
  subject: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

/** What a ticket holds (`oidc_tickets.result`): never a token of the provider. */
const ticketContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), userId: z.number() }),
  z.object({ kind: z.literal('linked'), provider: signInProviderIdSchema }),
  z.object({ kind: z.literal('unknown'), email: z.string() }),
  z.object({
    kind: z.literal('invitation'),
    invitationId: z.number(),
    email: z.string(),
    identity: identitySchema,
    /** The claim the school may narrow the provider to, checked again at the accept. */
    claims: z.record(z.string(), z.unknown()),
  }),
]);
export type TicketContent = z.infer<typeof ticketContentSchema>;

/** Stores what the callback found under the ticket's SHA-256, in the callback's transaction. */
export async function storeTicket(
  tx: Db,
  input: { ticket: string; content: TicketContent; now: Date },
): Promise<void> {
  const lifetime =
    input.content.kind === 'invitation' ? INVITATION_TICKET_LIFETIME_MS : TICKET_LIFETIME_MS;
  await tx.insert(oidcTickets).values({
    tokenHash: hashToken(input.ticket),
    result: input.content,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + lifetime),
  });
}

const ticketInvalid = () => new AppError('not_found', SIGN_IN_MESSAGES.ticketInvalid);

function usableTicket(ticket: string, now: Date) {
  return and(
    eq(oidcTickets.tokenHash, hashToken(ticket)),
    isNull(oidcTickets.usedAt),
    gt(oidcTickets.expiresAt, now),
  );
}

const isInvitation = sql`${oidcTickets.result}->>'kind' = 'invitation'`;

/**
 * `POST /sign-in/oidc/ticket`: spends the ticket (one atomic update) and answers what it holds:
 * a session opened as the password login opens one, or an invitation, whose ticket stays for the
 * accept.
 */
export function redeemTicket(
  db: Db,
  input: { ticket: string; address: string; now: Date },
): Promise<SignInTicketResult> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oidcTickets)
      .set({ usedAt: now })
      .where(and(usableTicket(input.ticket, now), sql`not (${isInvitation})`))
      .returning({ result: oidcTickets.result });
    const [waiting] = spent
      ? [spent]
      : await tx
          .select({ result: oidcTickets.result })
          .from(oidcTickets)
          .where(and(usableTicket(input.ticket, now), isInvitation));
    if (!waiting) throw ticketInvalid();
    const content = ticketContentSchema.parse(waiting.result);
    switch (content.kind) {
      case 'session': {
        const client = { address: input.address, now };
        return {
          kind: 'session',
          session: await signInThroughDistrict(tx, content.userId, client),
        };
      }
      case 'invitation': {
        const which = eq(invitations.id, content.invitationId);
        return { kind: 'invitation', invitation: await findOpenInvitation(tx, which, now) };
      }
      default:
        return content;
    }
  });
}

/**
 * `POST /sign-in/oidc/ticket/accept`: the invitation accepted through the one door the invitation
 * link uses (no password), the district account bound, and a session opened, in one transaction.
 */
export function acceptTicket(
  db: Db,
  input: { ticket: string; address: string; now: Date; language: Language },
): Promise<SessionRecord> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oidcTickets)
      .set({ usedAt: now })
      .where(and(usableTicket(input.ticket, now), isInvitation))
      .returning({ result: oidcTickets.result });
    if (!spent) throw ticketInvalid();
    const content = ticketContentSchema.parse(spent.result);
    if (content.kind !== 'invitation') throw ticketInvalid();
    const { identity } = content;
    const userId = await joinByInvitation(tx, {
      invitation: eq(invitations.id, content.invitationId),
      email: content.email,
      person: null,
      passwordHash: null,
      clientAddress: input.address,
      now,
      language: input.language,
    });
    const session = await openSession(tx, userId, now, { method: 'district' });
    const school = session.school.id;
    const claims = content.claims;
    if (
      !(await schoolAcceptsSignIn(tx, { schoolId: school, provider: identity.provider, claims }))
    ) {
      throw new AppError('forbidden', SIGN_IN_MESSAGES.providerNotConfigured);
    }
    const inserted = await tx
      .insert(userIdentities)
      .values({ userId, ...identity, email: content.email, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: userIdentities.id });
    if (inserted.length === 0)
      throw new AppError('conflict', SIGN_IN_MESSAGES.districtAccountTaken);
    await recordAudit(tx, {
      action: 'sign_in.link',
      schoolId: school,
      actorUserId: userId,
      clientAddress: input.address,
      detail: identity.provider,
    });
    return session;
  });
}

import {
  type DistrictSignInError,
  normaliseEmail,
  SIGN_IN_RESTRICTIONS,
  type SignInProviderId,
} from '@wellbank/domain';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  invitations,
  oidcAttempts,
  oidcTickets,
  schools,
  userIdentities,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import type { DistrictClient } from './district-client.ts';
import type { SignInProviderConfig } from './providers.ts';
import { schoolAcceptsSignIn } from './school-accepts.ts';
import { type Identity, storeTicket, type TicketContent } from './sign-in-tickets.service.ts';

/**
 * District sign-in (decision 0050): an attempt made at the start, the provider's answer checked at
 * the callback and turned into a one-time ticket, the ticket redeemed by the web page.
 */

const MINUTE_MS = 60 * 1000;
const ATTEMPT_LIFETIME_MS = 10 * MINUTE_MS;

/** Why a callback ended without a ticket: the page at `/login/district#error={code}` says it. */
export class DistrictSignInFailure extends Error {
  readonly code: DistrictSignInError;

  constructor(code: DistrictSignInError) {
    super(`district sign-in failed: ${code}`);
    this.code = code;
  }
}

const fail = (code: DistrictSignInError): never => {
  throw new DistrictSignInFailure(code);
};

/** A rate limit used up is a failure page (`too_many`), as the flow's other failures are. */
function tooManyAsFailure(error: unknown): never {
  if (error instanceof AppError && error.code === 'rate_limited') fail('too_many');
  throw error;
}

/** Stores the attempt and returns the provider's URL to send the browser to. */
export async function startDistrictSignIn(
  db: Db,
  client: DistrictClient,
  input: {
    provider: SignInProviderConfig;
    redirectUri: string;
    /** The browser-binding cookie's value; only its SHA-256 is kept. */
    browser: string;
    next: string | null;
    linkUserId: number | null;
    address: string;
    now: Date;
  },
): Promise<URL> {
  // Each start writes an attempt: one address may not fill the table (decision 0050).
  const start = [{ limit: RATE_LIMITS.districtSignInStartPerAddress, subject: input.address }];
  await chargeRateLimits(db, start, input.now);
  // An unreachable provider is a failed sign-in, not a server error.
  const request = await client
    .startAt(input.provider, input.redirectUri)
    .catch(() => fail('failed'));
  await db.insert(oidcAttempts).values({
    stateHash: hashToken(request.state),
    browserHash: hashToken(input.browser),
    provider: input.provider.id,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    next: input.next,
    linkUserId: input.linkUserId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + ATTEMPT_LIFETIME_MS),
  });
  return request.url;
}

/**
 * The provider's answer at the callback: the attempt is spent by its state (one use) and must be
 * this browser's; `openid-client` checks the rest. What it found goes into a one-time ticket.
 * Failures are counted per client address and refunded on success, as the password login's are.
 */
export async function finishDistrictSignIn(
  db: Db,
  client: DistrictClient,
  input: {
    provider: SignInProviderConfig;
    callbackUrl: URL;
    browser: string | undefined;
    address: string;
    now: Date;
  },
): Promise<{ ticket: string; next: string | null }> {
  const { provider, now } = input;
  const charge = [{ limit: RATE_LIMITS.failedDistrictSignInPerAddress, subject: input.address }];
  const hits = await chargeRateLimits(db, charge, now).catch(tooManyAsFailure);
  const params = input.callbackUrl.searchParams;
  const state = params.get('state');
  if (!state || !input.browser) return fail('failed');
  const [attempt] = await db
    .delete(oidcAttempts)
    .where(
      and(
        eq(oidcAttempts.stateHash, hashToken(state)),
        eq(oidcAttempts.browserHash, hashToken(input.browser)),
        eq(oidcAttempts.provider, provider.id),
      ),
    )
    .returning();
  if (!attempt) return fail('failed');
  if (attempt.expiresAt <= now) return fail('expired');
  if (params.has('error')) return fail('denied');
  const claims = await client
    .finish(provider, input.callbackUrl, { ...attempt, state })
    .catch(() => fail('failed'));
  const ticket = newToken();
  await db.transaction(async (tx) => {
    const content = await resolveAccount(tx, {
      provider: provider.id,
      claims,
      linkUserId: attempt.linkUserId,
      address: input.address,
      now,
    });
    await storeTicket(tx, { ticket, content, now });
  });
  await refundRateLimitHits(db, hits);
  return { ticket, next: attempt.next };
}

/**
 * Whose district account this is (decision 0050): the account bound to `(issuer, subject)`;
 * failing that, the one with the verified e-mail (bound now), or an open invitation to it.
 */
async function resolveAccount(
  tx: Db,
  input: {
    provider: SignInProviderId;
    claims: Record<string, unknown> & { iss: string; sub: string };
    linkUserId: number | null;
    address: string;
    now: Date;
  },
): Promise<TicketContent> {
  const { provider, claims } = input;
  // The ID token's own issuer: Microsoft's names the tenant, so one tenant's subject is not another's.
  const identity: Identity = { provider, issuer: claims.iss, subject: claims.sub };
  const [bound] = await tx
    .select({ userId: userIdentities.userId, schoolId: users.schoolId })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)),
    );
  const email = verifiedEmail(provider, claims);
  if (input.linkUserId !== null) {
    if (bound)
      return bound.userId === input.linkUserId ? { kind: 'linked', provider } : fail('taken');
    const [user] = await tx
      .select({ id: users.id, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, input.linkUserId));
    if (!user) return fail('failed');
    await requireAccepted(tx, user.schoolId, provider, claims);
    await bind(tx, { user, identity, email, address: input.address });
    return { kind: 'linked', provider };
  }
  if (bound) {
    await requireAccepted(tx, bound.schoolId, provider, claims);
    return { kind: 'session', userId: bound.userId };
  }
  if (!email) return fail('unverified');
  const [user] = await tx
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.email, email));
  if (user) {
    await requireAccepted(tx, user.schoolId, provider, claims);
    await bind(tx, { user, identity, email, address: input.address });
    return { kind: 'session', userId: user.id };
  }
  const [invitation] = await tx
    .select({ id: invitations.id, schoolId: invitations.schoolId })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .where(
      and(
        eq(invitations.email, email),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, input.now),
        inArray(invitations.role, ['student', 'staff']),
        isNull(schools.purgeAfter),
      ),
    );
  if (invitation) {
    await requireAccepted(tx, invitation.schoolId, provider, claims);
    return {
      kind: 'invitation',
      invitationId: invitation.id,
      email,
      identity,
      claims: restrictionClaims(provider, claims),
    };
  }
  return { kind: 'unknown', email };
}

/**
 * The e-mail, only when the provider vouches for it (decision 0050): `email_verified: true`;
 * Microsoft's is a profile field anyone can set unless `xms_edov` says its domain is verified.
 */
function verifiedEmail(provider: SignInProviderId, claims: Record<string, unknown>): string | null {
  const verified =
    provider === 'microsoft' ? claims.xms_edov === true : claims.email_verified === true;
  return verified && typeof claims.email === 'string' ? normaliseEmail(claims.email) : null;
}

function restrictionClaims(provider: SignInProviderId, claims: Record<string, unknown>) {
  const restriction = SIGN_IN_RESTRICTIONS[provider];
  return restriction ? { [restriction.claim]: claims[restriction.claim] } : {};
}

async function requireAccepted(
  tx: Db,
  schoolId: number,
  provider: SignInProviderId,
  claims: Record<string, unknown>,
): Promise<void> {
  if (!(await schoolAcceptsSignIn(tx, { schoolId, provider, claims }))) fail('not_allowed');
}

/**
 * Binds the district account; refused when it is bound to someone else or the account already has
 * another at this provider. Of two parallel first sign-ins of one person, the second finds the
 * first's binding (the unique `(issuer, subject)`) and goes on.
 */
async function bind(
  tx: Db,
  input: {
    user: { id: number; schoolId: number };
    identity: Identity;
    email: string | null;
    address: string;
  },
): Promise<void> {
  const { user, identity } = input;
  const inserted = await tx
    .insert(userIdentities)
    .values({ userId: user.id, ...identity, email: input.email })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (inserted.length === 0) {
    const [bound] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(
        and(
          eq(userIdentities.issuer, identity.issuer),
          eq(userIdentities.subject, identity.subject),
        ),
      );
    if (bound?.userId === user.id) return;
    fail('taken');
  }
  await recordAudit(tx, {
    action: 'sign_in.link',
    schoolId: user.schoolId,
    actorUserId: user.id,
    clientAddress: input.address,
    detail: identity.provider,
  });
}

/** Maintenance: attempts and tickets past their minutes; none can be used any more. */
export async function deleteExpiredDistrictSignIns(db: Db, now: Date): Promise<number> {
  const attempts = await db
    .delete(oidcAttempts)
    .where(lte(oidcAttempts.expiresAt, now))
    .returning({ id: oidcAttempts.id });
  const tickets = await db
    .delete(oidcTickets)
    .where(lte(oidcTickets.expiresAt, now))
    .returning({ id: oidcTickets.id });
  return attempts.length + tickets.length;
}

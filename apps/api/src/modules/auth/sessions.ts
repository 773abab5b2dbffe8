import {
  type PaymentDue,
  paymentDue,
  type RoleName,
  type SessionRecord,
  SHARED_DEVICE_SERVER_IDLE_MS,
  type SignInProvider,
} from '@wellbank/domain';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepareStatement, runPrepared } from '../../db/prepared.ts';
import { queryRows } from '../../db/query-rows.ts';
import { authSessions, schools, userRoles, users } from '../../db/schema.ts';
import { refuseClosedSchool } from '../deletion/closed-school.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';
import { refuseDistrictOnly } from '../sign-in/district-only.ts';
import { loadUserRecord } from '../users/user-record.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_LIFETIME_MS = 30 * DAY_MS;
/**
 * However often it is used, a session ends 90 days after its sign-in (decision 0044): a stolen
 * token that is kept busy does not last for ever, and a sign-in every quarter costs the owner little.
 */
const ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
/** Refreshing `last_used_at` at most once a minute keeps reads from writing on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** `users.last_seen_at` only decides deletion after months of absence: a day's precision will do. */
const SEEN_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface AuthUser {
  id: number;
  schoolId: number;
  /** The school's time zone: "today" of every per-day read and write (DESIGN.md §1.1). */
  timeZone: string;
  roles: RoleName[];
  sessionId: number;
  /** What the user still owes; while set, `authenticate` answers 402 (DESIGN.md §2). */
  paymentDue: PaymentDue | null;
  /** Set while the school is closed for deletion (modules/deletion/closed-school.ts). */
  schoolPurgeAfter: Date | null;
}

/**
 * How a session is opened (decision 0050): through a district account, or with a password, which
 * a school set to "district sign-in only" refuses to its students and staff; the deployment's
 * providers name the buttons the refusal points to.
 */
export type SessionSignIn =
  | { method: 'district' }
  | { method: 'password'; providers: readonly SignInProvider[] }
  /** A class code's pictures or a badge: staff gave the way in, so district-only admits it. */
  | { method: 'shared-device' };

/** A student or staff member who is not also an admin: whom "district sign-in only" concerns. */
const refusedRoles = sql`(exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id}
    and ${userRoles.role} in ('student', 'staff'))
  and not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id}
    and ${userRoles.role} = 'admin'))`;

/**
 * Returns the bearer token (only its hash is stored), or undefined when the school refuses this
 * way in. The check and the insert are one statement, so a coordinator's switch to district sign-in
 * only cannot slip between them. An admin is never refused, or nobody could switch it back; a
 * family member has no district account to use.
 */
async function createSession(
  db: Db,
  userId: number,
  now: Date,
  method: SessionSignIn['method'],
): Promise<string | undefined> {
  const token = newToken();
  const at = now.toISOString();
  const created = await queryRows<{ id: number }>(
    db,
    sql`insert into ${authSessions} (user_id, token_hash, created_at, last_used_at, shared_device)
select ${users.id}, ${hashToken(token)}, ${at}::timestamptz, ${at}::timestamptz,
  ${method === 'shared-device'}
from ${users} join ${schools} on ${schools.id} = ${users.schoolId}
where ${users.id} = ${userId}
  and (${method} <> 'password' or not ${schools.districtSignInOnly} or not ${refusedRoles})
returning id`,
  );
  if (created.length === 0) return undefined;
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
  return token;
}

/** Signs the user in: a new bearer token plus their user record. */
export async function openSession(
  db: Db,
  userId: number,
  now: Date,
  signIn: SessionSignIn,
): Promise<SessionRecord> {
  const record = await loadUserRecord(db, userId);
  // Every sign-in (login, reset, sign-ups) passes here: a closed school admits its admins only.
  refuseClosedSchool(record.school_purge_after, record.roles, 'admins');
  const token = await createSession(db, userId, now, signIn.method);
  if (token === undefined) {
    const providers = signIn.method === 'password' ? signIn.providers : [];
    return refuseDistrictOnly(db, { schoolId: record.school.id, providers });
  }
  return { ...record, token, shared_device: signIn.method === 'shared-device' };
}

interface SessionUserRow {
  sessionId: number;
  createdAt: Date;
  lastUsedAt: Date;
  sharedDevice: boolean;
  lastSeenAt: Date;
  id: number;
  schoolId: number;
  timeZone: string;
  schoolPurgeAfter: Date | null;
  roles: RoleName[];
  schoolHasPaid: boolean;
  userHasDonated: boolean;
}

/** Every authenticated request runs it, so it is a prepared statement (db/prepared.ts). */
export const SESSION_USER = prepareStatement<SessionUserRow, { tokenHash: string }>(
  sql`select ${authSessions.id} as "sessionId", ${authSessions.createdAt} as "createdAt",
  ${authSessions.lastUsedAt} as "lastUsedAt", ${authSessions.sharedDevice} as "sharedDevice",
  ${users.lastSeenAt} as "lastSeenAt",
  ${users.id} as id, ${users.schoolId} as "schoolId", ${schools.timeZone} as "timeZone",
  ${schools.purgeAfter} as "schoolPurgeAfter",
  coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role})
    from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}') as roles,
  ${paymentStateColumns.schoolHasPaid} as "schoolHasPaid",
  ${paymentStateColumns.userHasDonated} as "userHasDonated"
from ${authSessions}
join ${users} on ${users.id} = ${authSessions.userId}
join ${schools} on ${schools.id} = ${users.schoolId}
where ${authSessions.tokenHash} = ${sql.placeholder('tokenHash')}`,
);

/*
 * The two writes of a signed-in request, a session's once a minute and a user's once a day: with
 * every session in use they come a few dozen a second, so they are prepared statements too:
 * through Drizzle's builder each took ~25 µs to render, and PostgreSQL parsed and planned it anew.
 * `< now` keeps a request that started earlier from moving the time back.
 */
export const TOUCH_SESSION = prepareStatement<never, { sessionId: number; now: string }>(
  sql`update ${authSessions} set ${sql.identifier('last_used_at')} = ${sql.placeholder('now')}
where ${authSessions.id} = ${sql.placeholder('sessionId')}
  and ${authSessions.lastUsedAt} < ${sql.placeholder('now')}`,
);

const MARK_USER_SEEN = prepareStatement<never, { userId: number; now: string }>(
  sql`update ${users} set ${sql.identifier('last_seen_at')} = ${sql.placeholder('now')}
where ${users.id} = ${sql.placeholder('userId')} and ${users.lastSeenAt} < ${sql.placeholder('now')}`,
);

/**
 * Whether a session is past its idle or its absolute lifetime.
 *
 * A child's session on a classroom's shared device (issue 34 §2, decision 0064): the tablet signs
 * the child out after ten idle minutes, warning a minute before, and touches the server while the
 * child is busy; the server's limit, its backstop, allows for the lag of those touches and of
 * `last_used_at` (`SHARED_DEVICE_SERVER_IDLE_MS` in the domain, 13 minutes), so it never ends a
 * session the tablet still keeps.
 */
function hasExpired(
  session: { createdAt: Date; lastUsedAt: Date; sharedDevice: boolean },
  now: Date,
): boolean {
  const idleLifetime = session.sharedDevice ? SHARED_DEVICE_SERVER_IDLE_MS : IDLE_LIFETIME_MS;
  return (
    now.getTime() - session.lastUsedAt.getTime() > idleLifetime ||
    now.getTime() - session.createdAt.getTime() > ABSOLUTE_LIFETIME_MS
  );
}

/** The signed-in user for a bearer token, or undefined when it is unknown or has expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<AuthUser | undefined> {
  const [row] = await runPrepared(db, SESSION_USER, { tokenHash: hashToken(token) });
  if (!row) return undefined;
  if (hasExpired(row, now)) {
    await revokeSession(db, row.sessionId);
    return undefined;
  }
  const idleMs = now.getTime() - row.lastUsedAt.getTime();
  if (idleMs > TOUCH_INTERVAL_MS) {
    await runPrepared(db, TOUCH_SESSION, { sessionId: row.sessionId, now: now.toISOString() });
  }
  // Someone who stays signed in for months is not inactive (retention, decision 0023).
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_INTERVAL_MS) {
    await runPrepared(db, MARK_USER_SEEN, { userId: row.id, now: now.toISOString() });
  }
  const { id, schoolId, timeZone, roles, sessionId, schoolPurgeAfter } = row;
  const due = paymentDue(roles, row);
  return { id, schoolId, timeZone, roles, sessionId, paymentDue: due, schoolPurgeAfter };
}

/** Maintenance: sessions past their idle or absolute lifetime, which no token can use any more. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - IDLE_LIFETIME_MS);
  const sharedIdleSince = new Date(now.getTime() - SHARED_DEVICE_SERVER_IDLE_MS);
  const signedInBefore = new Date(now.getTime() - ABSOLUTE_LIFETIME_MS);
  const deleted = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.lastUsedAt, idleSince),
        and(authSessions.sharedDevice, lt(authSessions.lastUsedAt, sharedIdleSince)),
        lt(authSessions.createdAt, signedInBefore),
      ),
    )
    .returning({ id: authSessions.id });
  return deleted.length;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Signs the user out everywhere, except in the session `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  const others = keepSessionId === undefined ? undefined : ne(authSessions.id, keepSessionId);
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), others));
}

import { type PaymentDue, paymentDue, type RoleName } from '@wellbank/domain';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared.ts';
import { authSessions, schools, userRoles, users } from '../../db/schema.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';
import { hashToken, newToken } from './tokens.ts';

const IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
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
}

/** Returns the bearer token; only its hash is stored. */
export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(authSessions)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now });
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
  return token;
}

/** Every authenticated request runs it, so it is prepared once (db/prepared.ts). */
const sessionUserQuery = (db: Db) =>
  preparedSelect(db, 'find_session_user', (db) =>
    db
      .select({
        sessionId: authSessions.id,
        lastUsedAt: authSessions.lastUsedAt,
        lastSeenAt: users.lastSeenAt,
        id: users.id,
        schoolId: users.schoolId,
        timeZone: schools.timeZone,
        roles: sql<RoleName[]>`coalesce((
        select array_agg(${userRoles.role}::text order by ${userRoles.role})
        from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
        ...paymentStateColumns,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(eq(authSessions.tokenHash, sql.placeholder('tokenHash'))),
  );

/** The signed-in user for a bearer token, or undefined when it is unknown or idle too long. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<AuthUser | undefined> {
  const [row] = await sessionUserQuery(db).execute({ tokenHash: hashToken(token) });
  if (!row) return undefined;
  const idleMs = now.getTime() - row.lastUsedAt.getTime();
  if (idleMs > IDLE_LIFETIME_MS) {
    await revokeSession(db, row.sessionId);
    return undefined;
  }
  if (idleMs > TOUCH_INTERVAL_MS) {
    await db
      .update(authSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(authSessions.id, row.sessionId), lt(authSessions.lastUsedAt, now)));
  }
  // Someone who stays signed in for months is not inactive (retention, decision 0023).
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_INTERVAL_MS) {
    await db
      .update(users)
      .set({ lastSeenAt: now })
      .where(and(eq(users.id, row.id), lt(users.lastSeenAt, now)));
  }
  const { id, schoolId, timeZone, roles, sessionId } = row;
  return { id, schoolId, timeZone, roles, sessionId, paymentDue: paymentDue(roles, row) };
}

/** Maintenance: sessions idle longer than their lifetime, which no token can use any more. */
export async function deleteIdleSessions(db: Db, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - IDLE_LIFETIME_MS);
  const deleted = await db
    .delete(authSessions)
    .where(lt(authSessions.lastUsedAt, idleSince))
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

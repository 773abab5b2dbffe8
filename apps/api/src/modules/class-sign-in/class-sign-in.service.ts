import {
  CLASS_SIGN_IN_MESSAGES,
  type ClassCard,
  type ClassSignIn,
  classDisplayName,
  type SecretPictures,
  type SessionRecord,
} from '@wellbank/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  classCodeStudents,
  classCodes,
  rateLimits,
  secretPictures,
  users,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { openSession } from '../auth/sessions.ts';
import {
  chargeRateLimits,
  keyFor,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import { openCode, studentOfSchool } from './class-codes.service.ts';
import { ensureSecretPictures, redrawSecretPictures } from './secret-pictures.service.ts';

const LOCK = RATE_LIMITS.classSignInPerChild;
const lockKey = (userId: number) => keyFor(LOCK, String(userId));

/**
 * The child of an open code, if the code lists them and they are still a student of its school,
 * with their secret pictures: the code is the first factor, so no other child can be tried
 * through it.
 */
async function findClassStudent(db: Db, code: string, userId: number, now: Date) {
  const where = openCode(code, now);
  if (!where) return undefined;
  const [found] = await db
    .select({
      schoolId: users.schoolId,
      first: secretPictures.first,
      second: secretPictures.second,
    })
    .from(classCodes)
    .innerJoin(classCodeStudents, eq(classCodeStudents.classCodeId, classCodes.id))
    .innerJoin(users, eq(users.id, classCodeStudents.userId))
    .leftJoin(secretPictures, eq(secretPictures.userId, users.id))
    .where(
      and(
        where,
        eq(classCodeStudents.userId, userId),
        eq(users.schoolId, classCodes.schoolId),
        users.isStudent,
      ),
    );
  return found;
}

/**
 * Signs a child in by their two pictures (decision 0064) into a shared-device session. Like the
 * password login it runs outside a transaction until the pictures are right, so that failures
 * stay counted: first the address's lookup budget (a code is guessed here as well as by the
 * lookup; refunded for an open code), then the child's lock, charged before the pictures are
 * compared so parallel guesses cannot all pass it, and refunded when they are right.
 */
export async function signInByPictures(
  db: Db,
  code: string,
  input: ClassSignIn,
  client: { address: string; now: Date },
): Promise<SessionRecord> {
  const lookup = [{ limit: RATE_LIMITS.publicLookup, subject: client.address }];
  const lookupHits = await chargeRateLimits(db, lookup, client.now);
  const student = await findClassStudent(db, code, input.user_id, client.now);
  if (!student) throw new AppError('not_found', CLASS_SIGN_IN_MESSAGES.codeNotOpen);
  await refundRateLimitHits(db, lookupHits);
  const lockHit = await chargeLock(db, input.user_id, client.now);
  const entry = { schoolId: student.schoolId, clientAddress: client.address };
  const [first, second] = input.pictures;
  if (student.first !== first || student.second !== second) {
    const target = { kind: 'user', id: input.user_id } as const;
    await recordAudit(db, { ...entry, action: 'sign_in.failed', actorUserId: null, target });
    if (lockHit.count === LOCK.max) {
      await recordAudit(db, { ...entry, action: 'class_sign_in.lock', actorUserId: null, target });
    }
    throw new AppError('unauthorized', CLASS_SIGN_IN_MESSAGES.wrongPictures);
  }
  await refundRateLimitHits(db, [lockHit]);
  return db.transaction(async (tx) => {
    const session = await openSession(tx, input.user_id, client.now, { method: 'shared-device' });
    await recordAudit(tx, { ...entry, action: 'sign_in.class', actorUserId: input.user_id });
    return session;
  });
}

/** One try of a child's class sign-in, counted; past the lock's maximum, 429 in kind words. */
async function chargeLock(db: Db, userId: number, now: Date) {
  try {
    const [hit] = await chargeRateLimits(db, [{ limit: LOCK, subject: String(userId) }], now);
    if (!hit) throw new Error('the lock was not charged');
    return hit;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    const retry = error.retryAfterSeconds;
    throw new AppError('rate_limited', CLASS_SIGN_IN_MESSAGES.locked, {
      ...(retry === undefined ? {} : { retryAfterSeconds: retry }),
    });
  }
}

/** Whether a child's class sign-in is locked now: their window holds the maximum of tries. */
function isLocked(now: Date) {
  const windowOpenedAfter = new Date(now.getTime() - LOCK.windowSeconds * 1000).toISOString();
  return sql<boolean>`exists (select 1 from ${rateLimits}
    where ${rateLimits.key} = ${`${LOCK.name}:`} || ${users.id}::text
      and ${rateLimits.count} >= ${LOCK.max}
      and ${rateLimits.windowStart} > ${windowOpenedAfter}::timestamptz)`;
}

/**
 * A homeroom's class cards for its staff: each student's name, picture and secret pictures
 * (given now to those who had none) and whether locked; the read is logged (decision 0025).
 */
export function classCards(
  db: Db,
  homeroom: string,
  context: { actor: AuditActor; now: Date },
): Promise<ClassCard[]> {
  const students = sql`${studentOfSchool(context.actor.schoolId)} and ${users.homeroom} = ${homeroom}`;
  return db.transaction(async (tx) => {
    await ensureSecretPictures(tx, students);
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        picture: users.picture,
        first: secretPictures.first,
        second: secretPictures.second,
        locked: isLocked(context.now),
      })
      .from(users)
      .innerJoin(secretPictures, eq(secretPictures.userId, users.id))
      .where(students)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    await recordAudit(tx, { ...context.actor, action: 'view.class_cards', detail: homeroom });
    return rows.map((row) => ({
      id: row.id,
      display_name: classDisplayName(row.firstName, row.lastName),
      picture: row.picture,
      secret_pictures: [row.first, row.second] as SecretPictures,
      locked: row.locked,
    }));
  });
}

/** Staff's "New pictures" for a student of their school: 404 for anyone else. */
export function renewSecretPictures(
  db: Db,
  userId: number,
  actor: AuditActor,
): Promise<SecretPictures> {
  return db.transaction(async (tx) => {
    const student = sql`${studentOfSchool(actor.schoolId)} and ${users.id} = ${userId}`;
    const pictures = await redrawSecretPictures(tx, student);
    if (!pictures) throw notFound();
    const target = { kind: 'user', id: userId } as const;
    await recordAudit(tx, { ...actor, action: 'secret_pictures.renew', target });
    return pictures;
  });
}

/** Staff lift a student's lock (their tries start again from none); 404 for anyone else. */
export function unlockClassSignIn(db: Db, userId: number, actor: AuditActor): Promise<void> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${studentOfSchool(actor.schoolId)} and ${users.id} = ${userId}`);
    if (!student) throw notFound();
    await tx.delete(rateLimits).where(eq(rateLimits.key, lockKey(userId)));
    const target = { kind: 'user', id: userId } as const;
    await recordAudit(tx, { ...actor, action: 'class_sign_in.unlock', target });
  });
}

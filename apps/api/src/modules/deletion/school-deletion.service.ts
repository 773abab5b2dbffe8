import { DELETION_MESSAGES, SCHOOL_PURGE_GRACE_DAYS } from '@wellbank/domain';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments, schools, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { SCHOOL_DELETION_MAIL } from './school-deletion-mail.job.ts';
import { deleteRateLimitsOf } from './user-deletion.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Closes the school for deletion (decision 0022), the typed code being the confirmation: a
 * mismatch is 422 and writes nothing. From now on only its admins may sign in, to export or
 * cancel; everyone stays signed in but is refused all but their own record and logout
 * (closed-school.ts, decision 0072), so a cancellation gives them the app back without a new
 * sign-in. Closing again keeps the first purge date; each closing is logged in the activity log.
 * The first closing mails the school's coordinators the date and how to cancel. Returns the purge
 * instant.
 */
export function closeSchool(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; code: string; now: Date; jobs: Pick<JobQueue, 'send'> },
): Promise<Date> {
  const { schoolId, now } = options;
  return db.transaction(async (tx) => {
    const [school] = await tx
      .select({ code: schools.code, purgeAfter: schools.purgeAfter })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for('update');
    if (!school) throw notFound();
    if (school.code !== options.code) {
      throw new AppError('unprocessable', DELETION_MESSAGES.schoolCodeMismatch);
    }
    let purgeAfter = school.purgeAfter;
    if (!purgeAfter) {
      purgeAfter = new Date(now.getTime() + SCHOOL_PURGE_GRACE_DAYS * DAY_MS);
      await tx.update(schools).set({ purgeAfter }).where(eq(schools.id, schoolId));
      await options.jobs.send(tx, SCHOOL_DELETION_MAIL, { schoolId });
    }
    await recordAudit(tx, {
      ...actor,
      action: 'school.delete',
      target: { kind: 'school', id: schoolId },
    });
    return purgeAfter;
  });
}

/**
 * Reopens a closed school, with its line in the activity log; its members' sessions work again
 * and they sign in as before. Nothing to cancel is fine.
 */
export function cancelSchoolDeletion(db: Db, actor: AuditActor, schoolId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.update(schools).set({ purgeAfter: null }).where(eq(schools.id, schoolId));
    const target = { kind: 'school', id: schoolId } as const;
    await recordAudit(tx, { ...actor, action: 'school.delete_cancel', target });
  });
}

/**
 * Deletes the school and every row of it, in the caller's transaction: users (with all that is
 * theirs, as `deleteUser` lists), teams, intervals, days, checkouts and payments. Payments and
 * checkouts go first and explicitly: the school's cascade would otherwise also reach them through
 * their users' `set null`, two actions on one row in one statement.
 */
export async function purgeSchool(db: Db, schoolId: number): Promise<void> {
  await deleteRateLimitsOf(db, eq(users.schoolId, schoolId));
  await db.delete(payments).where(eq(payments.schoolId, schoolId));
  await db.delete(checkoutSessions).where(eq(checkoutSessions.schoolId, schoolId));
  await db.delete(schools).where(eq(schools.id, schoolId));
}

/**
 * The daily purge: every closed school whose grace period is over, each in its own transaction
 * (one failing leaves the others done). The row is locked and its date read again, so a
 * cancellation committed meanwhile wins. Returns the purged schools' ids.
 */
export async function purgeDueSchools(db: Db, now: Date): Promise<number[]> {
  const due = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(isNotNull(schools.purgeAfter), lte(schools.purgeAfter, now)));
  const purged: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [still] = await tx
        .select({ id: schools.id })
        .from(schools)
        .where(and(eq(schools.id, id), lte(schools.purgeAfter, now)))
        .for('update');
      if (!still) return false;
      await purgeSchool(tx, id);
      return true;
    });
    if (done) purged.push(id);
  }
  return purged;
}

import { MESSAGES, ROSTER_MESSAGES, type SchoolUser } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { findSchoolUser } from '../school-users/school-users.service.ts';
import { refuseInvitedEmail } from '../users/email-links.service.ts';
import { STUDENT_EMAIL_MAIL } from './student-email-mail.job.ts';

/**
 * Staff give a student of their school who has no address one (`POST
 * /schools/{id}/users/{userId}/email`, decision 0063), in one transaction: the student's row
 * locked, the address stored unconfirmed, a week's password reset link mailed to it, logged
 * without the address. Whether another account holds it is the unique constraint's to say (409
 * through the error handler), so two staff giving one address to two children cannot both win.
 */
export function addStudentEmail(
  db: Db,
  actor: AuditActor,
  options: {
    schoolId: number;
    userId: number;
    email: string;
    now: Date;
    jobs: Pick<JobQueue, 'send'>;
  },
): Promise<SchoolUser> {
  const { schoolId, userId, email, now } = options;
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.schoolId, schoolId), eq(users.isStudent, true)))
      .for('update');
    if (!student) throw new AppError('not_found', MESSAGES.notFound);
    if (student.email !== null) throw new AppError('conflict', ROSTER_MESSAGES.studentHasEmail);
    await refuseInvitedEmail(tx, email, now);
    await tx.update(users).set({ email, emailConfirmedAt: null }).where(eq(users.id, userId));
    await options.jobs.send(tx, STUDENT_EMAIL_MAIL, { userId, email });
    await recordAudit(tx, {
      ...actor,
      action: 'student.email_add',
      target: { kind: 'user', id: userId },
    });
    const updated = await findSchoolUser(tx, schoolId, userId);
    if (!updated) throw new Error(`student ${userId} was not found after the update`);
    return updated;
  });
}

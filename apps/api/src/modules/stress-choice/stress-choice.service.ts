import {
  STRESS_CHOICE_MESSAGES,
  STRESS_NOTICE_VERSION,
  type StressCheckIn,
  type StressOptOut,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { recordStressChoice } from '../consents/consents.service.ts';
import { lockPersonsPoints, lockSchoolPoints } from '../points/point-locks.ts';
import { rewriteDaysWithoutStress } from './days-without-stress.ts';

/*
 * The stress question is the family's choice (issue 36 §3, decision 0073). Each change is a
 * consent record (who, when, which school or student, the notice's version) and an entry of the
 * activity log, in the change's transaction.
 */

/** A page left open across a change of the notice would record a choice on a text not shown. */
function checkNoticeVersion(noticeVersion: string): void {
  if (noticeVersion !== STRESS_NOTICE_VERSION) {
    throw new AppError('conflict', STRESS_CHOICE_MESSAGES.noticeVersionChanged);
  }
}

export async function readStressCheckIn(db: Db, schoolId: number): Promise<StressCheckIn> {
  const [school] = await db
    .select({ enabled: schools.stressCheckIn })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return { enabled: school?.enabled ?? true, notice_version: STRESS_NOTICE_VERSION };
}

/**
 * The school-wide switch. It locks the school as a change of all its points does (decision
 * 0042): writes in flight finish first, and a stress write after it finds the switch as saved.
 * Days already summarised keep their figures (docs/rules.md); a save that changes nothing records
 * nothing.
 */
export function saveStressCheckIn(
  db: Db,
  by: AuditActor,
  input: { enabled: boolean; noticeVersion: string; now: Date },
): Promise<StressCheckIn> {
  checkNoticeVersion(input.noticeVersion);
  return db.transaction(async (tx) => {
    await lockSchoolPoints(tx, by.schoolId);
    const changed = await tx
      .update(schools)
      .set({ stressCheckIn: input.enabled })
      .where(and(eq(schools.id, by.schoolId), eq(schools.stressCheckIn, !input.enabled)))
      .returning({ id: schools.id });
    if (changed.length > 0) {
      const kind = input.enabled ? 'stress_check_in_on' : 'stress_check_in_off';
      await recordStressChoice(tx, {
        by,
        kind,
        noticeVersion: input.noticeVersion,
        now: input.now,
      });
      const action = input.enabled ? 'stress_check_in.on' : 'stress_check_in.off';
      await recordAudit(tx, { ...by, action, target: { kind: 'school', id: by.schoolId } });
    }
    return { enabled: input.enabled, notice_version: STRESS_NOTICE_VERSION };
  });
}

export interface StressOptOutChange {
  studentId: number;
  by: AuditActor;
  noticeVersion: string;
  now: Date;
}

/**
 * Opts a student out of the stress check-in, at the family's request, in the caller's
 * transaction: their earlier ratings are deleted and their days and points rewritten without
 * stress (days-without-stress.ts). The coordinator's route calls it today, the guardian's later.
 * Locks the school `for share`, then the student (decision 0042). Opting out twice changes nothing
 * and records nothing.
 */
export async function optOutOfStressCheckIn(
  tx: Db,
  change: StressOptOutChange,
): Promise<StressOptOut> {
  return changeOptOut(tx, change, true);
}

/** The opposite: the student is asked about stress again from their next rating on. */
export async function optInToStressCheckIn(
  tx: Db,
  change: StressOptOutChange,
): Promise<StressOptOut> {
  return changeOptOut(tx, change, false);
}

async function changeOptOut(
  tx: Db,
  change: StressOptOutChange,
  optedOut: boolean,
): Promise<StressOptOut> {
  const { studentId, by } = change;
  checkNoticeVersion(change.noticeVersion);
  await findStudent(tx, { studentId, schoolId: by.schoolId });
  if (!(await lockPersonsPoints(tx, studentId))) throw notFound();
  const changed = await tx
    .update(users)
    .set({ stressOptedOut: optedOut })
    .where(and(eq(users.id, studentId), eq(users.stressOptedOut, !optedOut)))
    .returning({ id: users.id });
  if (changed.length === 0) return { user_id: studentId, opted_out: optedOut };
  if (optedOut) await rewriteDaysWithoutStress(tx, { userId: studentId, schoolId: by.schoolId });
  const kind = optedOut ? 'stress_opt_out' : 'stress_opt_in';
  const { noticeVersion, now } = change;
  await recordStressChoice(tx, { by, kind, studentId, noticeVersion, now });
  const action = optedOut ? 'stress.opt_out' : 'stress.opt_in';
  await recordAudit(tx, { ...by, action, target: { kind: 'user', id: studentId } });
  return { user_id: studentId, opted_out: optedOut };
}

/** 404 outside the school (no probing), 422 for someone who is not a student. */
async function findStudent(db: Db, key: { studentId: number; schoolId: number }): Promise<void> {
  const [person] = await db
    .select({ isStudent: users.isStudent })
    .from(users)
    .where(and(eq(users.id, key.studentId), eq(users.schoolId, key.schoolId)));
  if (!person) throw notFound();
  if (!person.isStudent) throw new AppError('unprocessable', STRESS_CHOICE_MESSAGES.notAStudent);
}

/** The coordinator names a staff member a counsellor (any number of them), or no longer. */
export function setCounsellor(
  db: Db,
  by: AuditActor,
  input: { userId: number; isCounsellor: boolean },
): Promise<{ user_id: number; is_counsellor: boolean }> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ isStaff: users.isStaff })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.schoolId, by.schoolId)));
    if (!person) throw notFound();
    // Taking the mark off a former staff member is allowed: it only ever narrows who reads.
    if (input.isCounsellor && !person.isStaff) {
      throw new AppError('unprocessable', STRESS_CHOICE_MESSAGES.notStaff);
    }
    const changed = await tx
      .update(users)
      .set({ isCounsellor: input.isCounsellor })
      .where(and(eq(users.id, input.userId), eq(users.isCounsellor, !input.isCounsellor)))
      .returning({ id: users.id });
    if (changed.length > 0) {
      const action = input.isCounsellor ? 'counsellor.add' : 'counsellor.remove';
      await recordAudit(tx, { ...by, action, target: { kind: 'user', id: input.userId } });
    }
    return { user_id: input.userId, is_counsellor: input.isCounsellor };
  });
}

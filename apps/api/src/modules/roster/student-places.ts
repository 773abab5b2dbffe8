import { ROSTER_MESSAGES, studentCap } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/errors.ts';

/** The students a school's subscription covers, and how many places its students already take. */
export interface StudentPlaces {
  cap: number;
  taken: number;
  /** Whether the school has paid its subscription (the cap is 0 until it has). */
  paid: boolean;
}

/**
 * The paid student cap and the places taken (students, and students invited whose invitation is
 * still open). With `lock`, inside the caller's transaction, the school's row is locked first
 * (the school before its users, decision 0042): two imports or additions of one school then take
 * turns, and the second counts what the first wrote, so they cannot both fill the last places.
 */
export async function studentPlaces(
  db: Db,
  options: { schoolId: number; now: Date; lock: boolean },
): Promise<StudentPlaces> {
  const { schoolId, now } = options;
  if (options.lock) await db.execute(sql`select id from schools where id = ${schoolId} for update`);
  const paid = await paidNumStudents(db, schoolId);
  const [row] = await queryRows<{ taken: number }>(
    db,
    sql`select (select count(*) from users where school_id = ${schoolId} and is_student)::int
      + (select count(*) from invitations where school_id = ${schoolId} and role = 'student'
        and used_at is null and expires_at > ${now.toISOString()}::timestamptz)::int as taken`,
  );
  return {
    cap: studentCap(paid),
    taken: row?.taken ?? 0,
    paid: paid !== undefined,
  };
}

/**
 * The number of students the school's subscription is paid for: the largest its counted payments
 * were made for (an upgrade is paid for more than what it upgrades); undefined before it is paid.
 */
export async function paidNumStudents(db: Db, schoolId: number): Promise<number | undefined> {
  const [paid] = await queryRows<{ num_students: number | null }>(
    db,
    sql`select max(c.num_students) as num_students
      from payments p join checkout_sessions c on c.id = p.checkout_session_id
      where p.school_id = ${schoolId} and p.kind = 'subscription' and not p.duplicate`,
  );
  return paid?.num_students ?? undefined;
}

/**
 * A student joining by the school code (docs/rules.md, "Student places"): inside the sign-up's
 * transaction, under the school's lock, so that parallel joins and imports cannot both take the
 * last place. A school that has not paid yet holds every student at its payment page (SPEC.md
 * §2), so its joins are not counted against a tier it has not chosen.
 */
export async function takeJoiningStudentPlace(
  db: Db,
  options: { schoolId: number; now: Date },
): Promise<void> {
  const places = await studentPlaces(db, { ...options, lock: true });
  if (places.paid && places.taken >= places.cap) {
    throw new AppError('conflict', ROSTER_MESSAGES.schoolFull);
  }
}

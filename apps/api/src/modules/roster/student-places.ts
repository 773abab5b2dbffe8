import { studentCap } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The students a school's subscription covers, and how many places its students already take. */
export interface StudentPlaces {
  cap: number;
  taken: number;
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
  const [paid] = await queryRows<{ num_students: number | null }>(
    db,
    sql`select c.num_students from payments p join checkout_sessions c on c.id = p.checkout_session_id
      where p.school_id = ${schoolId} and p.kind = 'subscription' and not p.duplicate`,
  );
  const [row] = await queryRows<{ taken: number }>(
    db,
    sql`select (select count(*) from users where school_id = ${schoolId} and is_student)::int
      + (select count(*) from invitations where school_id = ${schoolId} and role = 'student'
        and used_at is null and expires_at > ${now.toISOString()}::timestamptz)::int as taken`,
  );
  return { cap: studentCap(paid?.num_students ?? undefined), taken: row?.taken ?? 0 };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepareStatement, type StatementRunner } from '../../db/prepared.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools, users } from '../../db/schema.ts';

/*
 * The one lock order of every writer of points (decision 0042): first the school's row, then the
 * users' rows, then the teams' rows.
 * - A write of one person's points (an activity write, the person's deletion) holds the school
 *   `for share`: such writes run side by side, each then locking its own user.
 * - A change of the whole school's points (the active interval toggled or its dates changed)
 *   holds the school `for no key update`: it waits for the writes in flight, and new ones wait for
 *   it, so a recomputation never reads around a write. It conflicts neither with the key share a
 *   foreign key check takes (a role switch's activity-log row), nor with an activity write's day
 *   summary, so a transaction that locks a user first never waits for it.
 * PGlite runs one transaction at a time: there the locks are granted at once.
 */

const value = sql.placeholder;

const LOCK_SCHOOL_FOR_ONE_PERSON = prepareStatement<
  { stressCheckIn: boolean },
  { schoolId: number }
>(
  sql`select stress_check_in as "stressCheckIn" from ${schools}
where id = ${value('schoolId')} for share`,
);

const LOCK_USER = prepareStatement<{ stressOptedOut: boolean }, { userId: number }>(
  sql`select stress_opted_out as "stressOptedOut" from ${users}
where id = ${value('userId')} for update`,
);

/**
 * Locks the school for one person's points, then the person's row, so one user's writes take
 * turns. Each is a statement of its own: on PostgreSQL a statement that waited for a lock re-reads
 * only the locked row, and would see the summaries as they were before the other write. Answers
 * whether the stress check-in is on for the person, as it is once both are locked (the school's
 * switch and an opt-out lock them too, decision 0073); undefined when the person is gone (deleted
 * while the request ran).
 */
export async function lockOnePersonsPoints(
  tx: StatementRunner,
  key: { schoolId: number; userId: number },
): Promise<{ stressCheckIn: boolean } | undefined> {
  const [school] = await tx.run(LOCK_SCHOOL_FOR_ONE_PERSON, key);
  const [user] = await tx.run(LOCK_USER, key);
  if (!user) return undefined;
  return { stressCheckIn: (school?.stressCheckIn ?? true) && !user.stressOptedOut };
}

/** The texts of these statements, for the bench's check that its baseline sends no other. */
export const POINT_LOCK_TEXTS = [LOCK_SCHOOL_FOR_ONE_PERSON.text, LOCK_USER.text];

/**
 * `lockOnePersonsPoints` inside a query-builder transaction (a person's deletion, a stress
 * opt-out that rewrites their days): the user's school, then the user. Answers the user's points (live and closed), or undefined when the user
 * is gone.
 */
export async function lockPersonsPoints(
  db: Db,
  userId: number,
): Promise<{ points: number; closedPoints: number } | undefined> {
  await db.execute(sql`select id from ${schools}
    where id = (select school_id from ${users} where id = ${userId}) for share`);
  const [user] = await queryRows<{ points: number; closedPoints: number }>(
    db,
    sql`select points, closed_points as "closedPoints" from ${users} where id = ${userId} for update`,
  );
  return user;
}

/** Locks the school for a change of all its points (and of its intervals, which decide them). */
export async function lockSchoolPoints(db: Db, schoolId: number): Promise<void> {
  await db.execute(sql`select id from ${schools} where id = ${schoolId} for no key update`);
}

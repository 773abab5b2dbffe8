import { and, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { deleteUser } from '../deletion/user-deletion.service.ts';
import { lockPersonsPoints } from '../points/point-locks.ts';

/**
 * Deletes the students a year-end rollover marked leaving once their grace period to download
 * their data has passed (decision 0069), each in its own transaction under the locks a deletion
 * takes (the school, then the user: decision 0042), with the one deletion every path uses.
 */
export async function deleteLeftStudents(db: Db, now: Date): Promise<number> {
  const due = and(isNotNull(users.leavingAfter), lte(users.leavingAfter, now));
  const candidates = await db.select({ id: users.id }).from(users).where(due);
  let deleted = 0;
  for (const { id } of candidates) {
    deleted += await db.transaction(async (tx) => {
      if (!(await lockPersonsPoints(tx, id))) return 0;
      await deleteUser(tx, id);
      return 1;
    });
  }
  return deleted;
}

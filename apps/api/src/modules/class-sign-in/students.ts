import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';

/**
 * Scope before role for a route about one student (access.ts): anyone but a student of the
 * caller's school is "not found", whatever the caller's role, so ids cannot be probed.
 */
export async function requireStudentOfOwnSchool(
  db: Db,
  userId: number,
  caller: AuthUser,
): Promise<void> {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, caller.schoolId), users.isStudent));
  if (!student) throw notFound();
}

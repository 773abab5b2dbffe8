import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, teams, users } from '../../db/schema.ts';

/**
 * STAND-IN for the account-deletion module's `deleteUser(tx, userId)` (issue #13): the integrator
 * replaces the one call of this function (inactive-accounts.ts) with it and deletes this file.
 * Run inside a transaction. Takes the user's points off their team, deletes their own policy
 * agreements, then the user row, whose foreign keys cascade to the rest (activities, summaries,
 * piggy banks, sessions, reset links, team membership, roles). A school's attestations signed by
 * the user stay, with the signer's name (decision 0024).
 */
export async function deleteAccountStandIn(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`update ${teams} t set points = t.points - u.points
    from team_members tm join ${users} u on u.id = tm.user_id
    where tm.team_id = t.id and u.id = ${userId}`);
  await tx.delete(consents).where(and(eq(consents.userId, userId), eq(consents.kind, 'policies')));
  await tx.delete(users).where(eq(users.id, userId));
}

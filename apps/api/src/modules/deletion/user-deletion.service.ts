import { type RoleName, teamNameFor } from '@wellbank/domain';
import { and, asc, eq, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  checkoutSessions,
  consents,
  payments,
  rateLimits,
  teamMembers,
  teams,
  userRoles,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { lockPersonsPoints } from '../points/point-locks.ts';

/** Whom `DELETE /users/{id}` names: their school and roles, or undefined when there is none. */
export async function findDeletionTarget(
  db: Db,
  userId: number,
): Promise<{ schoolId: number; roles: RoleName[] } | undefined> {
  const [target] = await db
    .select({
      schoolId: users.schoolId,
      roles: sql<RoleName[]>`coalesce((
        select array_agg(${userRoles.role}::text) from ${userRoles}
        where ${userRoles.userId} = ${userId}), '{}')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return target;
}

/**
 * Deletes the account `targetId` for the actor who asked, with who deleted whom in the activity
 * log, in the deletion's own transaction (ids only: decision 0025).
 */
export function deleteAccount(db: Db, actor: AuditActor, targetId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await deleteUser(tx, targetId);
    await recordAudit(tx, {
      ...actor,
      action: 'user.delete',
      target: { kind: 'user', id: targetId },
    });
  });
}

/**
 * Deletes a user and everything that is theirs, inside the caller's transaction (decision 0022):
 * their row and, by its cascades, roles, team membership, activities, days, piggy banks, sessions
 * (signed out at once) and reset links. Their points leave their team's; a team
 * they captained is handed over or deleted (`handOverCaptainedTeam`); their paid checkout and
 * payment rows stay as financial records with the person removed (user_id set to null by the
 * foreign key); their open checkouts, their own policy agreements and rate-limit counters, keyed
 * by their e-mail, go.
 *
 * Who may delete whom is the route's business; the retention job calls this directly.
 */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  // Locked as an activity write locks it (decision 0042): a write in flight finishes first and is
  // deleted too; one that comes after finds the user gone.
  const user = await lockPersonsPoints(db, userId);
  if (!user) throw notFound();
  const [membership] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  await handOverCaptainedTeam(db, userId);
  await db
    .delete(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.checkoutSessionId, checkoutSessions.id)),
        ),
      ),
    );
  await deleteRateLimitsOf(db, eq(users.id, userId));
  // Their own policy agreements go; a school's attestation they signed stays, under the name
  // signed (the foreign key empties its user_id; decision 0024).
  await db.delete(consents).where(and(eq(consents.userId, userId), eq(consents.kind, 'policies')));
  await db.delete(users).where(eq(users.id, userId));
  if (membership) await leaveTeam(db, { teamId: membership.teamId, ...user });
}

/**
 * The team they were on: deleted when nobody is left on it, else their points leave it. Taken
 * away rather than summed again: teammates' writes may be adding theirs at this moment.
 */
async function leaveTeam(
  db: Db,
  options: { teamId: number; points: number; closedPoints: number },
): Promise<void> {
  const { teamId, points, closedPoints } = options;
  const empty = await db
    .delete(teams)
    .where(
      and(
        eq(teams.id, teamId),
        notExists(
          db
            .select({ id: teamMembers.id })
            .from(teamMembers)
            .where(eq(teamMembers.teamId, teams.id)),
        ),
      ),
    )
    .returning({ id: teams.id });
  if (empty.length === 0 && (points !== 0 || closedPoints !== 0)) {
    await db
      .update(teams)
      .set({
        points: sql`${teams.points} - ${points}`,
        closedPoints: sql`${teams.closedPoints} - ${closedPoints}`,
      })
      .where(eq(teams.id, teamId));
  }
}

/**
 * A captain's team (docs/rules.md): with other members (family who joined it) it stays theirs,
 * with its points, no captain (so nobody new can join it: joining is by the captain's e-mail),
 * and the name of its longest-standing remaining member, since the old name was the captain's.
 * With nobody else it goes with its captain (`leaveTeam`), as any team whose last member goes.
 */
async function handOverCaptainedTeam(db: Db, captainId: number): Promise<void> {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.captainUserId, captainId))
    .for('update');
  if (!team) return;
  const [heir] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, captainId)))
    .orderBy(asc(teamMembers.id))
    .limit(1);
  if (!heir) return; // deleted with its last member, below
  await db
    .update(teams)
    .set({ name: teamNameFor(heir.firstName, heir.lastName), captainUserId: null })
    .where(eq(teams.id, team.id));
}

/**
 * The rate-limit counters of the users `which` selects: their keys end with the e-mail they count
 * (`login-account:ava@…`, `login-account-address:1.2.3.4 ava@…`). One statement for a whole school.
 */
export async function deleteRateLimitsOf(db: Db, which: SQL): Promise<void> {
  await db.execute(sql`
    delete from ${rateLimits} using ${users}
    where ${which}
      and right(${rateLimits.key}, length(${users.email}) + 1) in (':' || ${users.email}, ' ' || ${users.email})`);
}

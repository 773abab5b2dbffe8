import {
  paymentDue,
  type RoleName,
  type SessionRecord,
  type UserRecord,
  type UserUpdateInput,
} from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, teamMembers, teams, userRoles, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { revokePasswordResets } from '../auth/auth.service.ts';
import { createSession, revokeUserSessions } from '../auth/sessions.ts';
import { refuseClosedSchool } from '../deletion/closed-school.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';

/** DESIGN.md §1.5: "{first_name} {last initial}." */
export function teamNameFor(firstName: string, lastName: string): string {
  return `${firstName} ${lastName.charAt(0).toUpperCase()}.`;
}

export interface NewAccount {
  schoolId: number;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  roles: RoleName[];
  /** Join this team; without it the user captains a new team of their own. */
  joinTeamId?: number;
}

/** Creates the user, their roles and their team membership; returns the user's id. */
export async function createAccount(db: Db, account: NewAccount): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      schoolId: account.schoolId,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      passwordHash: account.passwordHash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  await db.insert(userRoles).values(account.roles.map((role) => ({ userId: user.id, role })));
  const teamId = account.joinTeamId ?? (await createOwnTeam(db, user.id, account));
  await db.insert(teamMembers).values({ teamId, userId: user.id });
  return user.id;
}

async function createOwnTeam(db: Db, captainUserId: number, account: NewAccount) {
  const [team] = await db
    .insert(teams)
    .values({
      schoolId: account.schoolId,
      captainUserId,
      name: teamNameFor(account.firstName, account.lastName),
    })
    .returning({ id: teams.id });
  if (!team) throw new Error('insert into teams returned no row');
  return team.id;
}

/** The user record of DESIGN.md §2 in one query; points and payment flags are SQL aggregates. */
export async function loadUserRecord(db: Db, userId: number): Promise<UserRecord> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      schoolId: schools.id,
      schoolName: schools.name,
      teamId: teamMembers.teamId,
      roles: sql<RoleName[]>`coalesce((
        select array_agg(${userRoles.role}::text order by ${userRoles.role})
        from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
      points: users.points,
      schoolPurgeAfter: schools.purgeAfter,
      ...paymentStateColumns,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const due = paymentDue(row.roles, row);
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    points: row.points,
    needs_subscription_payment: due === 'subscription',
    needs_team_payment: due === 'donation',
    school: { id: row.schoolId, name: row.schoolName },
    user_school_roles: row.roles.map((name) => ({ role: { name } })),
    roles: row.roles,
    team_id: row.teamId,
    school_purge_after: row.schoolPurgeAfter?.toISOString() ?? null,
  };
}

/** Signs the user in: a new bearer token plus their user record. */
export async function openSession(db: Db, userId: number, now: Date): Promise<SessionRecord> {
  const record = await loadUserRecord(db, userId);
  // Every sign-in (login, reset, sign-ups) passes here: a closed school admits its admins only.
  refuseClosedSchool(record.school_purge_after, record.roles);
  const token = await createSession(db, userId, now);
  return { ...record, token };
}

/** Profile update. A new password signs the user out of every other session. */
export async function updateUser(
  db: Db,
  options: {
    userId: number;
    sessionId: number;
    fields: Pick<UserUpdateInput, 'first_name' | 'last_name' | 'email'>;
    passwordHash: string | undefined;
    now: Date;
  },
): Promise<UserRecord> {
  const { userId, sessionId, fields: input, passwordHash } = options;
  await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where(eq(users.id, userId));
  if (passwordHash) {
    await revokeUserSessions(db, userId, sessionId);
    await revokePasswordResets(db, userId, options.now);
  }
  return loadUserRecord(db, userId);
}

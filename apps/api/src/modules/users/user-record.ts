import { paymentDue, type RoleName, type UserRecord } from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, teamMembers, userRoles, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { paymentStateColumns } from '../payments/payment-state.ts';

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
      homeroom: users.homeroom,
      language: users.language,
      stressCheckIn: sql<boolean>`${schools.stressCheckIn} and not ${users.stressOptedOut}`,
      isCounsellor: users.isCounsellor,
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
    homeroom: row.homeroom,
    language: row.language,
    stress_check_in: row.stressCheckIn,
    is_counsellor: row.isCounsellor,
  };
}

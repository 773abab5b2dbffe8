import { sql } from 'drizzle-orm';
import { payments, teamMembers, users } from '../../db/schema.ts';

/**
 * Whether the user of a select from `users` has paid what DESIGN.md §1.6 asks, as two columns
 * for `paymentDue` (packages/domain). The user record's flags and the payment gate of every
 * signed-in request (auth/sessions.ts) read these same two, so they cannot disagree. Both are
 * probes of the index payments (school_id, kind).
 */
export const paymentStateColumns = {
  schoolHasPaid: sql<boolean>`exists(
    select 1 from ${payments} p
    where p.school_id = ${users.schoolId} and p.kind = 'subscription')`,
  /** A donation counts for the team the user is on now. */
  userHasDonated: sql<boolean>`exists(
    select 1 from ${payments} p
    join ${teamMembers} tm on tm.user_id = p.user_id and tm.team_id = p.team_id
    where p.school_id = ${users.schoolId} and p.kind = 'donation' and p.user_id = ${users.id})`,
};

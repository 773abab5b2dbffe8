import type { RoleName, SessionRecord } from '@wellbank/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { dailySummaries, teams, userRoles, users } from '../db/schema.ts';
import { recomputeTeamPoints } from '../modules/points/points.service.ts';
import {
  bearer,
  type EmailSession,
  joinSchool,
  payOnTestCheckout,
  signUpSchool,
  userSignupBody,
} from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A school with one user per role, plus a coordinator of another school. */
export interface SchoolCast {
  admin: EmailSession;
  staff: EmailSession;
  student: EmailSession;
  community: EmailSession;
  otherAdmin: EmailSession;
}

export const CAST_ROLES = ['admin', 'staff', 'student', 'community', 'otherAdmin'] as const;
export type CastRole = (typeof CAST_ROLES)[number];

/**
 * People whose addresses are confirmed (decision 0044), for tests of the mail a confirmed address
 * gets. Done before their confirmation mail goes, so it never does (the job skips them).
 */
export async function confirmEmails(t: TestApp, people: readonly { id: number }[]): Promise<void> {
  const ids = people.map((person) => person.id);
  await t.db.update(users).set({ emailConfirmedAt: t.clock.now() }).where(inArray(users.id, ids));
}

/** The e-mail of a team's captain: what a family member types to find and join the team. */
export async function captainEmailOf(t: TestApp, teamId: number | null): Promise<string> {
  const [captain] = await t.db
    .select({ email: users.email })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.captainUserId))
    .where(eq(teams.id, teamId ?? 0));
  if (!captain?.email) throw new Error(`no team ${teamId} with a captain who has an e-mail`);
  return captain.email;
}

/**
 * A community member joins the team by its id and captain's e-mail. They have made their team
 * donation on the built-in test checkout, unless `donated: false` (payment tests).
 */
export async function joinTeam(
  t: TestApp,
  teamId: number | null,
  options: { donated?: boolean } = {},
): Promise<EmailSession> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/teams/${teamId}/signup`,
    payload: { ...userSignupBody(), captain_email: await captainEmailOf(t, teamId) },
  });
  if (response.statusCode !== 201) throw new Error(`team signup failed: ${response.body}`);
  const member: EmailSession = response.json();
  if (options.donated === false) return member;
  return payOnTestCheckout(t.app, member, {
    checkout: ['/api/v1/stripe-donation-checkout-sessions', { team_id: teamId }],
    report: `/api/v1/teams/${teamId}/payments`,
  });
}

/** Sets a user's roles directly, as a seed (the API's role switch is tested on its own). */
export async function setRoles(t: TestApp, userId: number, roles: RoleName[]): Promise<void> {
  await t.db.delete(userRoles).where(eq(userRoles.userId, userId));
  await t.db.insert(userRoles).values(roles.map((role) => ({ userId, role })));
}

export async function seedCast(t: TestApp): Promise<SchoolCast> {
  const admin = await signUpSchool(t.app);
  const staff = await joinSchool(t.app, admin.school.id);
  await setRoles(t, staff.id, ['staff']);
  const student = await joinSchool(t.app, admin.school.id);
  const community = await joinTeam(t, student.team_id);
  const otherAdmin = await signUpSchool(t.app);
  return { admin, staff, student, community, otherAdmin };
}

export function as(user: SessionRecord) {
  return bearer(user.token);
}

/**
 * Sets a user's points directly, as a seed of days already closed (what others see too,
 * decision 0043), and their team's sum with them.
 */
export async function setPoints(t: TestApp, userId: number, points: number): Promise<void> {
  const [user] = await t.db
    .update(users)
    .set({ points, closedPoints: points })
    .where(eq(users.id, userId))
    .returning({ schoolId: users.schoolId });
  if (!user) throw new Error(`no user ${userId}`);
  await recomputeTeamPoints(t.db, user.schoolId);
}

/**
 * Seeds one day of a user's summary; balance and food in cents. Like an activity write, it moves
 * the user's last activity to that day (noon, school time) when it is later, which the active
 * student list relies on (modules/school-users/points-lists.service.ts).
 */
export async function seedDay(
  t: TestApp,
  day: {
    userId: number;
    schoolId: number;
    date: string;
    balanceCents?: number;
    foodCents?: number;
    dayPoints?: number;
    streakPoints?: number;
  },
): Promise<void> {
  const balanceCents = day.balanceCents ?? 0;
  await t.db.insert(dailySummaries).values({
    userId: day.userId,
    schoolId: day.schoolId,
    localDate: day.date,
    balanceCents,
    foodCents: day.foodCents ?? 0,
    energyCents: Math.max(0, balanceCents),
    stressCents: Math.min(0, balanceCents),
    isComplete: (day.streakPoints ?? 0) > 0,
    streakLength: (day.streakPoints ?? 0) / 5,
    dayPoints: day.dayPoints ?? Math.round(balanceCents / 10),
    streakPoints: day.streakPoints ?? 0,
  });
  await t.db.execute(sql`update users u
    set last_activity_logged_at = greatest(u.last_activity_logged_at,
      (${day.date}::date + time '12:00') at time zone s.time_zone)
    from schools s where s.id = u.school_id and u.id = ${day.userId}`);
}

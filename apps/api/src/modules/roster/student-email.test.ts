import {
  ACCOUNT_EMAIL_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  ROSTER_MESSAGES,
  type SchoolUser,
  type SessionRecord,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invitations, users } from '../../db/schema.ts';
import { signUpSchool, unique } from '../../test/fixtures.ts';
import { lastResetToken } from '../../test/reset-link.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

/** Issue 34: staff give a student without e-mail an address, and a link to a first password. */

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));
const schoolId = () => cast.admin.school.id;
const DAY_MS = 24 * 60 * 60 * 1000;

async function nameOnlyStudent(caller: SessionRecord = cast.admin): Promise<SchoolUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${caller.school.id}/students`,
    headers: as(caller),
    payload: { first_name: 'Ivy', last_name: unique('Later') },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function giveEmail(
  userId: number,
  payload: object,
  caller: SessionRecord = cast.staff,
  school = caller.school.id,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${school}/users/${userId}/email`,
    headers: as(caller),
    payload,
  });
}

async function storedEmail(userId: number) {
  const [row] = await t.db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const newAddress = () => `${unique('given')}@lincoln.example`;

describe('POST /schools/{schoolId}/users/{userId}/email', () => {
  it('stores the address unconfirmed, logs it without the address, and mails a week-long first-password link', async () => {
    const student = await nameOnlyStudent();
    const email = newAddress();
    const response = await giveEmail(student.id, { email: ` ${email.toUpperCase()}. ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: student.id, email });
    expect(await storedEmail(student.id)).toEqual({ email, confirmedAt: null });

    const entries = await t.db
      .select({ actor: auditLog.actorUserId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.email_add'), eq(auditLog.targetId, student.id)));
    expect(entries).toEqual([{ actor: cast.staff.id, detail: null }]);

    await t.runJobs();
    const mail = t.mailbox.findLast((message) => message.to === email);
    expect(mail?.subject).toContain('added this e-mail to your Wellbank account');
    expect(mail?.text).toContain('Hello Ivy,');

    // Read days later, the link still works: it sets the first password and confirms the address.
    t.clock.advance(3 * DAY_MS);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: {
        token: lastResetToken(t.mailbox, email),
        email,
        password: 'first-pass-1',
        password_confirmation: 'first-pass-1',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await storedEmail(student.id))?.confirmedAt).not.toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email, password: 'first-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ id: student.id, email });
  });

  it("refuses another account's address (409, by the unique constraint), an invited one and a second address", async () => {
    const student = await nameOnlyStudent();
    const taken = await giveEmail(student.id, { email: cast.community.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MESSAGES.emailTaken });

    const invited = newAddress();
    await t.db.insert(invitations).values({
      schoolId: schoolId(),
      email: invited,
      firstName: 'In',
      lastName: 'Vited',
      role: 'student',
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(t.clock.now().getTime() + DAY_MS),
    });
    const refused = await giveEmail(student.id, { email: invited });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: ACCOUNT_EMAIL_MESSAGES.invited });
    expect(await storedEmail(student.id)).toEqual({ email: null, confirmedAt: null });

    const withEmail = await giveEmail(cast.student.id, { email: newAddress() });
    expect(withEmail.statusCode).toBe(409);
    expect(withEmail.json()).toEqual({ error: ROSTER_MESSAGES.studentHasEmail });
    expect((await storedEmail(cast.student.id))?.email).toBe(cast.student.email);
  });

  it('gives one address to one of two children asked at once, the other 409', async () => {
    const [first, second] = [await nameOnlyStudent(), await nameOnlyStudent()];
    const email = newAddress();
    const answers = await Promise.all([
      giveEmail(first.id, { email }),
      giveEmail(second.id, { email }, cast.admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toEqual({ error: MESSAGES.emailTaken });
    const stored = [await storedEmail(first.id), await storedEmail(second.id)];
    expect(stored.filter((row) => row?.email === email)).toHaveLength(1);
  });

  it('refuses bad input with the reason, writing nothing', async () => {
    const student = await nameOnlyStudent();
    const cases: Array<[object, string]> = [
      [{}, MESSAGES.invalidEmailSignup],
      [{ email: 'not-an-address' }, MESSAGES.invalidEmailSignup],
      [{ email: 42 }, MESSAGES.invalidEmailSignup],
      [{ email: 'ivy@ѕchool.example' }, ACCOUNT_EMAIL_MESSAGES.notAscii],
    ];
    for (const [payload, error] of cases) {
      const response = await giveEmail(student.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ error });
    }
    expect(await storedEmail(student.id)).toEqual({ email: null, confirmedAt: null });
  });

  it("is for the school's students only: 404 for staff, another school's, 403 to students and family", async () => {
    const student = await nameOnlyStudent();
    const body = { email: newAddress() };
    expect((await giveEmail(student.id, body, cast.otherAdmin)).statusCode).toBe(404);
    expect((await giveEmail(student.id, body, cast.otherAdmin, schoolId())).statusCode).toBe(404);
    expect((await giveEmail(student.id, body, cast.student)).statusCode).toBe(403);
    expect((await giveEmail(student.id, body, cast.community)).statusCode).toBe(403);
    // A staff member is not a student: their address is theirs to change.
    expect((await giveEmail(cast.staff.id, body, cast.admin)).statusCode).toBe(404);
    expect(await storedEmail(student.id)).toEqual({ email: null, confirmedAt: null });
  });

  it('is closed while the subscription is unpaid (402)', async () => {
    const unpaid = await signUpSchool(t.app, { paid: false });
    const response = await giveEmail(unpaid.id, { email: newAddress() }, unpaid);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: PAYMENT_MESSAGES.subscriptionDueForCoordinator });
  });
});

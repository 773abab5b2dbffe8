import { STRESS_CHOICE_MESSAGES, STRESS_NOTICE_VERSION } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { mailsTo, useSmtpTestApp } from '../../test/smtp-test-app.ts';

/*
 * "I'd like to talk to someone" (issue 36 §3, decision 0073): the request reaches the school's
 * counsellors, with the child's name and nothing else, and nobody but them.
 */

const t = useSmtpTestApp();
let cast: SchoolCast;
beforeAll(async () => {
  cast = await seedCast(t);
  await t.db
    .update(users)
    .set({ email: 'counsellor@school.example' })
    .where(eq(users.id, cast.staff.id));
});

const school = (path: string) => `/api/v1/schools/${cast.admin.school.id}${path}`;
const ask = (token: { token: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/talk-requests', headers: as(token as never) });

describe('a talk request', () => {
  it('is refused while the school has no counsellor (409), writing nothing', async () => {
    const response = await ask(cast.student);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: STRESS_CHOICE_MESSAGES.noCounsellor });
  });

  it('reaches only the counsellor: a name, never a rating; one open at a time', async () => {
    const named = await t.app.inject({
      method: 'PUT',
      url: school(`/counsellors/${cast.staff.id}`),
      headers: as(cast.admin),
    });
    expect(named.json()).toEqual({ user_id: cast.staff.id, is_counsellor: true });
    // Two taps at once make one request.
    const answers = await Promise.all([ask(cast.student), ask(cast.student)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);

    const list = await t.app.inject({ url: school('/talk-requests'), headers: as(cast.staff) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        student_id: cast.student.id,
        first_name: cast.student.first_name,
        last_name: cast.student.last_name,
      }),
    ]);
    expect(Object.keys(list.json()[0]).sort()).toEqual(
      ['asked_at', 'first_name', 'id', 'last_name', 'student_id'].sort(),
    );
    // The coordinator, a student and another school's admin read nothing.
    for (const [reader, status] of [
      [cast.admin, 403],
      [cast.student, 403],
      [cast.otherAdmin, 404],
    ] as const) {
      const refused = await t.app.inject({ url: school('/talk-requests'), headers: as(reader) });
      expect(refused.statusCode).toBe(status);
    }
    await expect
      .poll(() => mailsTo(t.smtp, 'counsellor@school.example'), { timeout: 20_000 })
      .toHaveLength(1);
    const [mail] = await mailsTo(t.smtp, 'counsellor@school.example');
    expect(mail?.text).toContain(`${cast.student.first_name} ${cast.student.last_name}`);
    expect(mail?.text).not.toMatch(/[1-5] ?\/ ?5|rating|\$/i);
    // The sign-ups' own mails went out too; the talk's went to the counsellor alone.
    const talkMails = t.smtp.received.filter((m) =>
      m.raw.toString().includes('Subject: A student asked for a talk'),
    );
    expect(talkMails.flatMap((m) => m.envelope.rcptTo.map((r) => r.address))).toEqual([
      'counsellor@school.example',
    ]);

    const id = list.json()[0].id;
    const handle = () =>
      t.app.inject({
        method: 'POST',
        url: school(`/talk-requests/${id}/handled`),
        headers: as(cast.staff),
      });
    expect((await handle()).statusCode).toBe(204);
    expect((await handle()).statusCode).toBe(409);
    const empty = await t.app.inject({ url: school('/talk-requests'), headers: as(cast.staff) });
    expect(empty.json()).toEqual([]);
    // Handled, the child may ask again.
    expect((await ask(cast.student)).statusCode).toBe(201);
  });

  it('is refused to a child opted out of the stress check-in (409)', async () => {
    const child = await joinSchool(t.app, cast.admin.school.id);
    await t.app.inject({
      method: 'PUT',
      url: school(`/students/${child.id}/stress-opt-out`),
      headers: as(cast.admin),
      payload: { opted_out: true, notice_version: STRESS_NOTICE_VERSION },
    });
    const response = await ask(child);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: STRESS_CHOICE_MESSAGES.checkInOff });
  });

  it('refuses a counsellor who is not staff (422) and unknown requests (404)', async () => {
    const named = await t.app.inject({
      method: 'PUT',
      url: school(`/counsellors/${cast.student.id}`),
      headers: as(cast.admin),
    });
    expect(named.statusCode).toBe(422);
    const unknown = await t.app.inject({
      method: 'POST',
      url: school('/talk-requests/999999/handled'),
      headers: as(cast.staff),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

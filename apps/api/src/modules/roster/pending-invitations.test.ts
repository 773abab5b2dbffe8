import {
  INVITATION_LIFETIME_DAYS,
  type PendingInvitations,
  ROSTER_MESSAGES,
  type SessionRecord,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invitations } from '../../db/schema.ts';
import { unique } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));
const schoolId = () => cast.admin.school.id;
const HEADER = 'First name,Last name,E-mail,Role,Grade,Homeroom';
const DAY_MS = 24 * 60 * 60 * 1000;

async function importRoster(rows: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId()}/roster`,
    headers: { ...as(cast.admin), 'content-type': 'text/csv' },
    payload: [HEADER, ...rows].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  await t.runJobs();
}

async function pending(caller: SessionRecord = cast.admin): Promise<PendingInvitations> {
  const response = await t.app.inject({
    url: `/api/v1/schools/${schoolId()}/invitations`,
    headers: as(caller),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function act(kind: 'resend' | 'revoke', id: number, caller: SessionRecord = cast.admin) {
  const school = caller === cast.otherAdmin ? caller.school.id : schoolId();
  return t.app.inject({
    method: kind === 'resend' ? 'POST' : 'DELETE',
    url: `/api/v1/schools/${school}/invitations/${id}${kind === 'resend' ? '/resend' : ''}`,
    headers: as(caller),
  });
}

function tokenMailedTo(email: string): string {
  const mail = t.mailbox.filter((message) => message.to === email).at(-1);
  const token = mail?.text.match(/\/sign-up\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const lookUp = (token: string) => t.app.inject({ url: `/api/v1/invitations/${token}` });

async function invitationOf(email: string) {
  const found = (await pending()).invitations.find((row) => row.email === email);
  if (!found) throw new Error(`${email} is not pending`);
  return found;
}

describe('GET /schools/{id}/invitations', () => {
  it('lists pending invitations with role, sent and expiry, and counts them in the student places', async () => {
    const before = await pending();
    const kid = `${unique('kid')}@lincoln.example`;
    const teacher = `${unique('teach')}@lincoln.example`;
    await importRoster([`Kai,Doe,${kid},student,4,`, `Tia,Moe,${teacher},staff,,`]);
    const after = await pending();
    expect(after.total).toBe(before.total + 2);
    expect(after.student_places.taken).toBe(before.student_places.taken + 1);
    const row = await invitationOf(kid);
    expect(row).toMatchObject({ first_name: 'Kai', last_name: 'Doe', role: 'student' });
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.sent_at).getTime();
    expect(Math.abs(lifetime - INVITATION_LIFETIME_DAYS * DAY_MS)).toBeLessThan(60_000);
    expect((await invitationOf(teacher)).role).toBe('staff');
  });

  it('drops expired invitations from the list and the count', async () => {
    const email = `${unique('old')}@lincoln.example`;
    await importRoster([`Ol,De,${email},student,,`]);
    const before = await pending();
    t.clock.advance(INVITATION_LIFETIME_DAYS * DAY_MS + 1000);
    try {
      const later = await pending();
      expect(later.invitations.some((row) => row.email === email)).toBe(false);
      expect(later.student_places.taken).toBeLessThan(before.student_places.taken);
    } finally {
      t.clock.advance(-(INVITATION_LIFETIME_DAYS * DAY_MS + 1000));
    }
  });

  it('is for the school’s admins: staff 403, another school’s admin 404', async () => {
    const url = `/api/v1/schools/${schoolId()}/invitations`;
    const staff = await t.app.inject({ url, headers: as(cast.staff) });
    const other = await t.app.inject({ url, headers: as(cast.otherAdmin) });
    expect([staff.statusCode, other.statusCode]).toEqual([403, 404]);
  });
});

describe('resend and revoke', () => {
  it('resends: a new link mailed, the old one void, the 14 days restarted, logged', async () => {
    const email = `${unique('again')}@lincoln.example`;
    await importRoster([`Ag,Ain,${email},student,,`]);
    const old = tokenMailedTo(email);
    const first = await invitationOf(email);
    t.clock.advance(3 * DAY_MS);
    try {
      const response = await act('resend', first.id);
      expect(response.statusCode, response.body).toBe(204);
      await t.runJobs();
      const fresh = tokenMailedTo(email);
      expect(fresh).not.toBe(old);
      expect((await lookUp(old)).statusCode).toBe(404);
      expect((await lookUp(fresh)).statusCode).toBe(200);
      const second = await invitationOf(email);
      // The test clock runs on: "about three days later", to the minute.
      const moved = new Date(second.expires_at).getTime() - new Date(first.expires_at).getTime();
      expect(Math.abs(moved - 3 * DAY_MS)).toBeLessThan(60_000);
    } finally {
      t.clock.advance(-3 * DAY_MS);
    }
    const logged = await t.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.resend'));
    expect(logged).toEqual([{ actor: cast.admin.id }]);
  });

  it('revokes: the invitation is gone, its link says invalid, a second revoke 404', async () => {
    const email = `${unique('gone')}@lincoln.example`;
    await importRoster([`Go,Ne,${email},student,,`]);
    const token = tokenMailedTo(email);
    const { id } = await invitationOf(email);
    expect((await act('revoke', id)).statusCode).toBe(204);
    const dead = await lookUp(token);
    expect([dead.statusCode, dead.json()]).toEqual([
      404,
      { error: ROSTER_MESSAGES.invitationInvalid },
    ]);
    expect((await act('revoke', id)).statusCode).toBe(404);
    expect((await act('resend', id)).statusCode).toBe(404);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.revoke'));
    expect(logged).toHaveLength(1);
  });

  it('leaves one consistent state when a resend and a revoke race', async () => {
    const email = `${unique('race')}@lincoln.example`;
    await importRoster([`Ra,Ce,${email},student,,`]);
    const { id } = await invitationOf(email);
    const mails = t.mailbox.length;
    const [resent, revoked] = await Promise.all([act('resend', id), act('revoke', id)]);
    expect(revoked.statusCode).toBe(204);
    expect([204, 404]).toContain(resent.statusCode);
    await t.runJobs();
    expect(await t.db.select().from(invitations).where(eq(invitations.id, id))).toEqual([]);
    // The resend's job finds the invitation gone: nothing mailed.
    expect(t.mailbox.length).toBe(mails);
  });

  it('refuses another school’s admin (404) and staff (403), changing nothing', async () => {
    const email = `${unique('iso')}@lincoln.example`;
    await importRoster([`Is,O,${email},student,,`]);
    const { id } = await invitationOf(email);
    for (const kind of ['resend', 'revoke'] as const) {
      expect((await act(kind, id, cast.otherAdmin)).statusCode).toBe(404);
      expect((await act(kind, id, cast.staff)).statusCode).toBe(403);
    }
    expect((await invitationOf(email)).id).toBe(id);
  });

  it('limits resends per coordinator: past 60 an hour, 429 and nothing mailed', async () => {
    const email = `${unique('flood')}@lincoln.example`;
    await importRoster([`Fl,Ood,${email},student,,`]);
    const { id } = await invitationOf(email);
    const limit = RATE_LIMITS.invitationResendPerActor;
    // The coordinator's resends this hour, counted as the route counts them (the earlier tests'
    // resends count too, so the last hits may already be refused).
    for (let i = 0; i < limit.max; i++) {
      await hitRateLimit(t.db, limit, String(cast.admin.id), t.clock.now()).catch(() => undefined);
    }
    const mails = t.mailbox.length;
    expect((await act('resend', id)).statusCode).toBe(429);
    await t.runJobs();
    expect(t.mailbox.length).toBe(mails);
  });
});

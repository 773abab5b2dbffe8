import {
  controlCharactersMessage,
  INVITATION_LIFETIME_DAYS,
  ROSTER_MAX_BYTES,
  ROSTER_MESSAGES,
  type RosterResponse,
  type SessionRecord,
} from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invitations, users } from '../../db/schema.ts';
import { joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { as, seedCast, seedDay, setRoles } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const schoolId = () => cast.admin.school.id;

function postRoster(
  csv: string,
  options: { dryRun?: boolean; caller?: SessionRecord; school?: number } = {},
) {
  const query = options.dryRun ? '?dry_run=1' : '';
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${options.school ?? schoolId()}/roster${query}`,
    headers: { ...as(options.caller ?? cast.admin), 'content-type': 'text/csv' },
    payload: csv,
  });
}

async function roster(csv: string, dryRun: boolean): Promise<RosterResponse> {
  const response = await postRoster(csv, { dryRun });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const HEADER = 'First name,Last name,E-mail,Role,Grade,Homeroom';

async function invitationCount() {
  const [row] = await t.db.select({ n: count() }).from(invitations);
  return row?.n ?? 0;
}

/** The token of the last invitation mailed to `email`. */
function tokenMailedTo(email: string): string {
  const mail = t.mailbox.filter((message) => message.to === email).at(-1);
  const token = mail?.text.match(/\/sign-up\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

function accept(token: string, user: { email: string; password?: string }) {
  const password = user.password ?? 'secret-pass';
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${token}/accept`,
    payload: {
      user: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: user.email,
        password,
        verify_password: password,
      },
    },
  });
}

describe('POST /schools/{id}/roster?dry_run=1 (preview)', () => {
  it('lists every row as new, member or error with its reason and row number, writing nothing', async () => {
    const fresh = `${unique('ann')}@lincoln.example`;
    const csv = [
      HEADER,
      `Ann,Lee,${fresh},student,5,Room 12`,
      `Bo,Ray,${cast.student.email},student,,`,
      'Cy,Oh,not-an-email,student,,',
      `Di,Ng,${unique('di')}@lincoln.example,parent,,`,
      `Ed,Fu,${unique('ed')}@lincoln.example,teacher,13,`,
      `Ann,Lee,${fresh.toUpperCase()},student,5,`,
      `Fay,Ox,${cast.otherAdmin.email},staff,,`,
      `,Gu,${unique('gu')}@lincoln.example,staff,,`,
    ].join('\n');
    const before = await invitationCount();
    const preview = await roster(csv, true);
    expect(preview.dry_run).toBe(true);
    expect(preview.counts).toEqual({ new: 2, created: 0, member: 1, invited: 0, error: 5 });
    expect(preview.rows.map((row) => [row.row, row.status, row.error])).toEqual([
      [2, 'new', undefined],
      [3, 'member', undefined],
      [4, 'error', 'Please enter a valid email address'],
      [5, 'error', ROSTER_MESSAGES.notImportedRole],
      [6, 'error', ROSTER_MESSAGES.grade],
      [7, 'error', ROSTER_MESSAGES.duplicateInFile(2)],
      // Another school's account: a preview answers it as an unknown e-mail (decision 0045).
      [8, 'new', undefined],
      [9, 'error', 'First name is required'],
    ]);
    expect(preview.rows[0]).toMatchObject({ email: fresh, grade: '5', homeroom: 'Room 12' });
    expect(JSON.stringify(preview)).not.toContain(`${cast.otherAdmin.school.name}"`);
    expect(await invitationCount()).toBe(before);
    await t.runJobs();
    expect(t.mailbox.some((mail) => mail.to === fresh)).toBe(false);
  });

  it('reads a OneRoster 1.1 users.csv by its column names (teachers are staff, KG is K)', async () => {
    const teacher = `${unique('teach')}@lincoln.example`;
    const kid = `${unique('kid')}@lincoln.example`;
    const csv = [
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
      `t1,active,,true,org1,teacher,tm,,Tia,Moe,,,${teacher},,,,,`,
      `s1,active,,true,org1,student,kd,,Kai,Doe,,,${kid},,,,KG,`,
    ].join('\r\n');
    const preview = await roster(csv, true);
    expect(preview.rows.map((row) => [row.status, row.role, row.grade])).toEqual([
      ['new', 'staff', null],
      ['new', 'student', 'K'],
    ]);
  });

  it('refuses a file without the needed columns, an empty one, and a body that is not CSV', async () => {
    const noRole = await postRoster('first name,last name,email\nA,B,a@b.example', {
      dryRun: true,
    });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json()).toEqual({ error: ROSTER_MESSAGES.missingColumns });
    const empty = await postRoster(HEADER, { dryRun: true });
    expect(empty.json()).toEqual({ error: ROSTER_MESSAGES.emptyFile });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId()}/roster?dry_run=1`,
      headers: as(cast.admin),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ error: ROSTER_MESSAGES.mustBeCsv });
    const broken = await postRoster(`${HEADER}\nA,"B,c@d.example,student,,`, { dryRun: true });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error).toContain(ROSTER_MESSAGES.notCsv);
    const badQuery = await postRoster(`${HEADER}\n`, { dryRun: false, school: schoolId() });
    expect(badQuery.statusCode).toBe(422);
  });

  it('refuses a file over the size limit with 413, reading no further', async () => {
    const row = `Ann,Lee,x@lincoln.example,student,5,Room 12\n`;
    const big = `${HEADER}\n${row.repeat(Math.ceil(ROSTER_MAX_BYTES / row.length) + 10)}`;
    const response = await postRoster(big, { dryRun: true });
    expect(response.statusCode).toBe(413);
    expect(Object.keys(response.json())).toEqual(['error']);
    // An import is spooled to a temporary file first: refused there, nothing written.
    const before = await invitationCount();
    const imported = await postRoster(big);
    expect(imported.statusCode).toBe(413);
    expect(await invitationCount()).toBe(before);
  });
});

describe('permissions', () => {
  it('is for the school’s admins: staff and students 403, another school’s admin 404', async () => {
    const csv = `${HEADER}\nAnn,Lee,${unique('p')}@lincoln.example,student,,`;
    const statuses: Record<string, number> = {};
    for (const role of ['staff', 'student', 'community', 'otherAdmin'] as const) {
      statuses[role] = (await postRoster(csv, { caller: cast[role] })).statusCode;
    }
    expect(statuses).toEqual({ staff: 403, student: 403, community: 403, otherAdmin: 404 });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId()}/roster`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('import and invitations', () => {
  const staffEmail = `${unique('staff')}@lincoln.example`;
  const studentEmail = `${unique('pupil')}@lincoln.example`;
  const csv = [
    HEADER,
    `Tia,Moe,${staffEmail},staff,,Room 7`,
    `Kai,Doe,${studentEmail},student,4,Room 7`,
    'Bad,Row,nope,student,,',
  ].join('\n');

  it('writes the valid rows in one go, logs one entry, and mails each new person once', async () => {
    const result = await roster(csv, false);
    expect(result.counts).toEqual({ new: 2, created: 0, member: 0, invited: 0, error: 1 });
    // An import lists only the refused rows.
    expect(result.rows.map((row) => [row.row, row.status])).toEqual([[4, 'error']]);
    await t.runJobs();
    expect(t.mailbox.filter((mail) => mail.to === staffEmail)).toHaveLength(1);
    expect(t.mailbox.filter((mail) => mail.to === studentEmail)).toHaveLength(1);
    const entries = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'roster.import'));
    expect(entries).toEqual([{ detail: '2;0;0;1;0' }]);
  });

  it('changes nothing when the same file comes again, and mails nobody twice', async () => {
    const before = await invitationCount();
    const mails = t.mailbox.length;
    const again = await roster(csv, false);
    expect(again.counts).toEqual({ new: 0, created: 0, member: 0, invited: 2, error: 1 });
    await t.runJobs();
    expect(await invitationCount()).toBe(before);
    expect(t.mailbox.length).toBe(mails);
  });

  it('opens the prefilled invitation and signs the person up in the school, once', async () => {
    const token = tokenMailedTo(studentEmail);
    const invitation = await t.app.inject({ url: `/api/v1/invitations/${token}` });
    expect(invitation.statusCode).toBe(200);
    expect(invitation.json()).toEqual({
      first_name: 'Kai',
      last_name: 'Doe',
      email: studentEmail,
      role: 'student',
      school: { id: schoolId(), name: cast.admin.school.name },
    });

    const wrongEmail = await accept(token, { email: `${unique('x')}@lincoln.example` });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json()).toEqual({ error: ROSTER_MESSAGES.invitationEmail });

    const signedUp = await accept(token, { email: studentEmail });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const session: SessionRecord = signedUp.json();
    expect(session.school.id).toBe(schoolId());
    expect(session.roles).toEqual(['student']);
    expect(session.homeroom).toBe('Room 7');
    const [stored] = await t.db
      .select({ grade: users.grade, homeroom: users.homeroom })
      .from(users)
      .where(eq(users.id, session.id));
    expect(stored).toEqual({ grade: '4', homeroom: 'Room 7' });

    // Single use: the link is dead now, for reading and for signing up.
    expect((await t.app.inject({ url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
    const twice = await accept(token, { email: studentEmail });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ error: ROSTER_MESSAGES.invitationInvalid });

    // Now a member: a re-import says so.
    const again = await roster(csv, true);
    expect(again.rows.find((row) => row.email === studentEmail)?.status).toBe('member');
  });

  it('gives invited staff the staff role', async () => {
    const signedUp = await accept(tokenMailedTo(staffEmail), { email: staffEmail });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect(signedUp.json().roles).toEqual(['staff']);
  });

  it('lets two parallel accepts of one link make one account', async () => {
    const email = `${unique('race')}@lincoln.example`;
    await roster(`${HEADER}\nRa,Ce,${email},student,,`, false);
    await t.runJobs();
    const token = tokenMailedTo(email);
    const answers = await Promise.all([accept(token, { email }), accept(token, { email })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404]);
  });

  it(`expires after ${INVITATION_LIFETIME_DAYS} days; a later import invites again`, async () => {
    const email = `${unique('late')}@lincoln.example`;
    const file = `${HEADER}\nLa,Te,${email},student,,`;
    await roster(file, false);
    await t.runJobs();
    const token = tokenMailedTo(email);
    t.clock.advance((INVITATION_LIFETIME_DAYS * 24 + 1) * 60 * 60 * 1000);
    try {
      expect((await t.app.inject({ url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
      expect((await accept(token, { email })).statusCode).toBe(404);
      const again = await roster(file, false);
      expect(again.counts.new).toBe(1);
      await t.runJobs();
      const fresh = tokenMailedTo(email);
      expect(fresh).not.toBe(token);
      expect((await accept(fresh, { email })).statusCode).toBe(201);
    } finally {
      t.clock.advance(-(INVITATION_LIFETIME_DAYS * 24 + 1) * 60 * 60 * 1000);
    }
  });

  it('refuses a NUL or another control character in a name as a row error, in the preview and the import alike', async () => {
    const emails = [1, 2].map((i) => `${unique(`nul${i}-`)}@lincoln.example`);
    const file = [
      HEADER,
      `Ann\u0000,Lee,${emails[0]},student,,`,
      `Bo,Le\u001be,${emails[1]},student,,`,
    ].join('\n');
    const errors = [
      { row: 2, status: 'error', error: controlCharactersMessage('First name') },
      { row: 3, status: 'error', error: controlCharactersMessage('Last name') },
    ];
    const preview = await roster(file, true);
    expect(preview.rows).toMatchObject(errors);
    const before = await invitationCount();
    const imported = await roster(file, false);
    expect(imported.rows).toMatchObject(errors);
    expect(imported.counts).toMatchObject({ new: 0, error: 2 });
    expect(await invitationCount()).toBe(before);
  });

  it('previews another school’s account or open invitation as new, and refuses it at import as "cannot be invited"', async () => {
    const invited = `${unique('both')}@lincoln.example`;
    await roster(`${HEADER}\nBo,Th,${invited},student,,`, false);
    const unknown = `${unique('nobody')}@lincoln.example`;
    const file = [
      HEADER,
      `Bo,Th,${invited},staff,,`,
      `Al,Ad,${cast.admin.email},staff,,`,
      `No,Ne,${unknown},staff,,`,
    ].join('\n');
    const asOther = { caller: cast.otherAdmin, school: cast.otherAdmin.school.id };
    const preview = await postRoster(file, { ...asOther, dryRun: true });
    expect(preview.json().rows.map((row: { status: string }) => row.status)).toEqual([
      'new',
      'new',
      'new',
    ]);
    const imported = await postRoster(file, asOther);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().counts).toEqual({ new: 1, created: 0, member: 0, invited: 0, error: 2 });
    expect(
      imported.json().rows.map((row: { row: number; error: string }) => [row.row, row.error]),
    ).toEqual([
      [2, ROSTER_MESSAGES.cannotInvite],
      [3, ROSTER_MESSAGES.cannotInvite],
    ]);
    const [still] = await t.db.select().from(invitations).where(eq(invitations.email, invited));
    expect(still?.schoolId).toBe(schoolId());
  });

  it('counts another school’s e-mails at import like "e-mail taken" answers: past the limit every import is 429', async () => {
    const max = RATE_LIMITS.takenEmailPerProber.max;
    const theirs = Array.from(
      { length: max },
      (_, i) => `${unique(`theirs${i}-`)}@lincoln.example`,
    );
    await roster([HEADER, ...theirs.map((email) => `Th,Ei,${email},staff,,`)].join('\n'), false);
    const prober = await signUpSchool(t.app);
    const probe = (emails: string[]) =>
      postRoster([HEADER, ...emails.map((email) => `Pr,Ob,${email},staff,,`)].join('\n'), {
        caller: prober,
        school: prober.school.id,
      });
    const first = await probe(theirs);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().counts.error).toBe(max);
    // The budget is spent: any import is refused, whatever its file holds, and writes nothing.
    const before = await invitationCount();
    for (const emails of [[theirs[0] ?? ''], [`${unique('fresh')}@lincoln.example`]]) {
      const refused = await probe(emails);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^Too many attempts/);
    }
    expect(await invitationCount()).toBe(before);
    // A preview is not counted and tells nothing either way.
    const preview = await postRoster(`${HEADER}\nPr,Ob,${theirs[1]},staff,,`, {
      caller: prober,
      school: prober.school.id,
      dryRun: true,
    });
    expect(preview.json().rows[0].status).toBe('new');
  });

  it('counts only wrong tokens against the lookup budget: a class on one network all sign up', async () => {
    const emails = Array.from({ length: 35 }, (_, i) => `${unique(`class${i}-`)}@lincoln.example`);
    const file = [HEADER, ...emails.map((email, i) => `K${i},Id,${email},staff,,`)].join('\n');
    expect((await roster(file, false)).counts.new).toBe(35);
    await t.runJobs();
    const remoteAddress = '198.51.100.30';
    for (const email of emails) {
      const token = tokenMailedTo(email);
      const read = await t.app.inject({ url: `/api/v1/invitations/${token}`, remoteAddress });
      expect(read.statusCode).toBe(200);
      const password = 'secret-pass';
      const signedUp = await t.app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${token}/accept`,
        remoteAddress,
        payload: {
          user: { first_name: 'K', last_name: 'Id', email, password, verify_password: password },
        },
      });
      expect(signedUp.statusCode, signedUp.body).toBe(201);
    }
  }, 60_000);

  it('answers an unknown or malformed token 404, rate limited like the other public lookups', async () => {
    const unknown = await t.app.inject({ url: `/api/v1/invitations/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: ROSTER_MESSAGES.invitationInvalid });
    const address = '198.51.100.77';
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        url: `/api/v1/invitations/${'B'.repeat(43)}`,
        remoteAddress: address,
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the paid student cap', () => {
  it('refuses student rows beyond the tier bought, with the row’s reason; staff are not counted', async () => {
    // The fixture's school paid for 50 students: the 1–100 tier.
    const admin = await signUpSchool(t.app);
    const lines = [HEADER];
    for (let i = 0; i < 101; i += 1) {
      lines.push(`S${i},Kid,${unique(`cap${i}-`)}@lincoln.example,student,,`);
    }
    lines.push(`Te,Acher,${unique('capstaff')}@lincoln.example,staff,,`);
    const response = await postRoster(lines.join('\n'), {
      caller: admin,
      school: admin.school.id,
    });
    const result: RosterResponse = response.json();
    expect(result.student_cap).toBe(100);
    // The coordinator is staff, not a student: 100 places for the file's students.
    expect(result.counts).toEqual({ new: 101, created: 0, member: 0, invited: 0, error: 1 });
    expect(result.rows).toEqual([
      expect.objectContaining({ row: 102, error: ROSTER_MESSAGES.overCap(100) }),
    ]);
  }, 60_000);
});

describe('grade and homeroom', () => {
  it('are set by the admin on Staff & students and filter the points lists', async () => {
    const other = await joinSchool(t.app, schoolId());
    const today = new Date().toISOString().slice(0, 10);
    for (const user of [cast.student, other]) {
      await seedDay(t, { userId: user.id, schoolId: schoolId(), date: today, balanceCents: 100 });
    }
    const patch = (userId: number, payload: object, caller = cast.admin) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/schools/${schoolId()}/users/${userId}`,
        headers: as(caller),
        payload,
      });
    const set = await patch(cast.student.id, { grade: '3', homeroom: 'Room 9' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ grade: '3', homeroom: 'Room 9' });
    expect((await patch(other.id, { grade: 'K', homeroom: null })).statusCode).toBe(200);
    expect((await patch(other.id, { grade: '13', homeroom: null })).statusCode).toBe(422);
    expect((await patch(other.id, { grade: '3', homeroom: null }, cast.staff)).statusCode).toBe(
      403,
    );
    expect((await patch(cast.otherAdmin.id, { grade: '3', homeroom: null })).statusCode).toBe(404);

    const list = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/v1/schools/${schoolId()}/students?${query}`,
        headers: as(cast.staff),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const room9 = await list('homeroom=Room%209');
    expect(room9.json().map((row: { id: number }) => row.id)).toEqual([cast.student.id]);
    expect(room9.headers['x-total-count']).toBe('1');
    const kindergarten = await list('grade=K');
    expect(kindergarten.json().map((row: { id: number }) => row.id)).toEqual([other.id]);
    const both = await list('grade=3&homeroom=Room%209');
    expect(both.json()).toHaveLength(1);
    const paged = await list('limit=1');
    expect(paged.json().length).toBe(1);
    const filteredNext = await list('limit=1&grade=3');
    expect(filteredNext.headers.link).toBeUndefined();

    const bad = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/students?grade=twelve`,
      headers: as(cast.staff),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: ROSTER_MESSAGES.grade });
  });

  it('refuses a control character in a homeroom filter with 422 before any CSV is streamed', async () => {
    for (const path of ['students.csv', 'students', 'staff.csv']) {
      for (const homeroom of ['%00', 'Room%009', 'a%0Ab']) {
        const response = await t.app.inject({
          url: `/api/v1/schools/${schoolId()}/${path}?homeroom=${homeroom}`,
          headers: as(cast.admin),
        });
        expect(response.statusCode, `${path} ${homeroom}`).toBe(422);
        expect(response.json()).toEqual({ error: ROSTER_MESSAGES.homeroomControl });
      }
    }
  });

  it('gives a staff member their homeroom in their record ("My homeroom")', async () => {
    const teacher = await joinSchool(t.app, schoolId());
    await setRoles(t, teacher.id, ['staff']);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/schools/${schoolId()}/users/${teacher.id}`,
      headers: as(cast.admin),
      payload: { grade: null, homeroom: 'Room 9' },
    });
    const record = await t.app.inject({
      url: `/api/v1/users/${teacher.id}`,
      headers: as(teacher),
    });
    expect(record.json().homeroom).toBe('Room 9');
  });
});

import {
  controlCharactersMessage,
  MESSAGES,
  PAYMENT_MESSAGES,
  ROSTER_MESSAGES,
  type RosterResponse,
  type SchoolUser,
  type SessionRecord,
  teamNameFor,
} from '@wellbank/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { auditLog, invitations, teamMembers, teams, users } from '../../db/schema.ts';
import {
  joinSchool,
  schoolCodeOf,
  signUpSchool,
  unique,
  userSignupBody,
} from '../../test/fixtures.ts';
import { lastResetToken } from '../../test/reset-link.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { openSession } from '../auth/sessions.ts';
import { tickReminders } from '../reminders/reminder-scheduler.ts';

/** Decision 0063: students without e-mail, by roster import and by hand. */

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));
const schoolId = () => cast.admin.school.id;

const HEADER = 'First name,Last name,E-mail,Role,Grade,Homeroom';

function postRoster(csv: string, options: { dryRun?: boolean; caller?: SessionRecord } = {}) {
  const caller = options.caller ?? cast.admin;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${caller.school.id}/roster${options.dryRun ? '?dry_run=1' : ''}`,
    headers: { ...as(caller), 'content-type': 'text/csv' },
    payload: csv,
  });
}

/** A child's sign-up with the school code (`POST /schools/{id}/users`), its answer as it is. */
function joinByCode(school: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${school}/users`,
    payload: { ...userSignupBody(), code: schoolCodeOf(school) },
  });
}

function addStudent(payload: object, caller: SessionRecord = cast.admin, school = schoolId()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${school}/students`,
    headers: as(caller),
    payload,
  });
}

/** The school's students of this last name, as stored. */
function studentsNamed(lastName: string) {
  return t.db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      passwordHash: users.passwordHash,
      grade: users.grade,
      homeroom: users.homeroom,
    })
    .from(users)
    .where(and(eq(users.lastName, lastName), eq(users.isStudent, true)));
}

/** A session of a student without e-mail: §2's class sign-in opens one; here, directly. */
function sessionOf(userId: number): Promise<SessionRecord> {
  return openSession(t.db, userId, t.clock.now(), { method: 'password', providers: [] });
}

describe('a roster import with rows without e-mail', () => {
  it('previews them as new accounts, refusing staff without e-mail and the same student twice', async () => {
    const last = unique('Preview');
    const csv = [
      HEADER,
      `Ann,${last},,student,K,K-1`,
      `ann,${last.toUpperCase()},,student,1,k-1`,
      `Ann,${last},,student,K,K-2`,
      `Tia,${last},,teacher,,`,
      `Bo,${last},,student,14,`,
    ].join('\n');
    const response = await postRoster(csv, { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const preview: RosterResponse = response.json();
    expect(preview.counts).toEqual({ new: 0, created: 2, member: 0, invited: 0, error: 3 });
    expect(preview.rows.map((row) => [row.row, row.status, row.email, row.error])).toEqual([
      [2, 'created', null, undefined],
      // Case is ignored: the same first name, last name and homeroom is the same student.
      [3, 'error', null, ROSTER_MESSAGES.sameStudentInFile(2)],
      [4, 'created', null, undefined],
      [5, 'error', '', ROSTER_MESSAGES.staffEmail],
      [6, 'error', '', ROSTER_MESSAGES.grade],
    ]);
    expect(await studentsNamed(last)).toEqual([]);
  });

  it('creates each account at once, with its own team and class, no invitation and no mail', async () => {
    const last = unique('Roster');
    const invited = `${unique('inv')}@lincoln.example`;
    const csv = [
      HEADER,
      `Ann,${last},,student,K,K-1`,
      `Bo,${last},,student,KG,K-1`,
      `Cy,${last},${invited},student,1,`,
    ].join('\n');
    await t.runJobs();
    const mailsBefore = t.mailbox.length;
    const response = await postRoster(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      dry_run: false,
      counts: { new: 1, created: 2, member: 0, invited: 0, error: 0 },
      rows: [],
    });
    const made = await studentsNamed(last);
    expect(
      made
        .map(({ id: _id, ...rest }) => rest)
        .sort((a, b) => a.firstName.localeCompare(b.firstName)),
    ).toEqual([
      { firstName: 'Ann', email: null, passwordHash: null, grade: 'K', homeroom: 'K-1' },
      { firstName: 'Bo', email: null, passwordHash: null, grade: 'K', homeroom: 'K-1' },
    ]);
    // Each captains a team named as at any sign-up, with themself as its one member.
    const own = await t.db
      .select({ name: teams.name, captain: teams.captainUserId, member: teamMembers.userId })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(
        inArray(
          teams.captainUserId,
          made.map((student) => student.id),
        ),
      );
    expect(own.map((team) => team.name).sort()).toEqual(
      [teamNameFor('Ann', last), teamNameFor('Bo', last)].sort(),
    );
    expect(own.every((team) => team.captain === team.member)).toBe(true);
    // Only the row with an address became an invitation, and only it is mailed.
    const pending = await t.db
      .select({ email: invitations.email })
      .from(invitations)
      .where(eq(invitations.schoolId, schoolId()));
    expect(pending.map((row) => row.email)).toContain(invited);
    await t.runJobs();
    expect(t.mailbox.slice(mailsBefore).map((mail) => mail.to)).toEqual([invited]);

    // Importing the file again makes nobody twice: the names are members now.
    const again = await postRoster(csv);
    expect(again.json().counts).toEqual({ new: 0, created: 0, member: 2, invited: 1, error: 0 });
    expect(await studentsNamed(last)).toHaveLength(2);
  });

  it('logs the import with the accounts it made', async () => {
    const last = unique('Logged');
    await postRoster([HEADER, `Ann,${last},,student,,`].join('\n'));
    const entries = await t.db
      .select({ detail: auditLog.detail, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId()), eq(auditLog.action, 'roster.import')))
      .orderBy(auditLog.id);
    // new;member;invited;error;created
    expect(entries.at(-1)).toEqual({ detail: '0;0;0;0;1', actor: cast.admin.id });
  });
});

describe('POST /schools/{id}/students', () => {
  it('lets staff add a student by name: 201 with the display fields, logged', async () => {
    const last = unique('Hand');
    const response = await addStudent(
      { first_name: ' Mia ', last_name: last, grade: 'kg', homeroom: 'K-2' },
      cast.staff,
    );
    expect(response.statusCode, response.body).toBe(201);
    const added: SchoolUser = response.json();
    expect(added).toMatchObject({
      first_name: 'Mia',
      last_name: last,
      email: null,
      team_size: 1,
      user_school_roles: [{ role: { name: 'student' } }],
      school: { id: schoolId() },
      grade: 'K',
      homeroom: 'K-2',
    });
    const [entry] = await t.db
      .select({ actor: auditLog.actorUserId, target: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'student.create'));
    expect(entry).toEqual({ actor: cast.staff.id, target: added.id });
    // The same name in the same homeroom is the same student (decision 0063); in another, not.
    const twice = await addStudent({ first_name: 'mia', last_name: last, homeroom: 'k-2' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: ROSTER_MESSAGES.sameStudentInSchool });
    const otherRoom = await addStudent({ first_name: 'Mia', last_name: last, homeroom: 'K-3' });
    expect(otherRoom.statusCode).toBe(201);
    // Optional grade and homeroom: left out, null or empty.
    const bare = [{}, { grade: null, homeroom: null }, { grade: '', homeroom: ' ' }];
    for (const [index, fields] of bare.entries()) {
      const response = await addStudent({ first_name: `Lu${index}`, last_name: last, ...fields });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ grade: null, homeroom: null });
    }
  });

  it('refuses bad input with the reason, writing nothing', async () => {
    const last = unique('Bad');
    const cases: Array<[object, string]> = [
      [{ last_name: last }, 'First name is required'],
      [{ first_name: 'A', last_name: '' }, 'Last name is required'],
      [{ first_name: 'A', last_name: last, grade: '13' }, ROSTER_MESSAGES.grade],
      [{ first_name: 'A', last_name: last, homeroom: 'x'.repeat(21) }, ROSTER_MESSAGES.homeroom],
      [{ first_name: 'A\u0007', last_name: last }, controlCharactersMessage('First name')],
    ];
    for (const [payload, error] of cases) {
      const response = await addStudent(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error).toBe(error);
    }
    expect(await studentsNamed(last)).toEqual([]);
  });

  it("is 404 for another school's id and 403 to students and family, writing nothing", async () => {
    const last = unique('Scope');
    const body = { first_name: 'Al', last_name: last };
    expect((await addStudent(body, cast.otherAdmin)).statusCode).toBe(404);
    expect((await addStudent(body, cast.student)).statusCode).toBe(403);
    expect((await addStudent(body, cast.community)).statusCode).toBe(403);
    expect(await studentsNamed(last)).toEqual([]);
  });

  it('is closed while the subscription is unpaid (402)', async () => {
    const unpaid = await signUpSchool(t.app, { paid: false });
    const response = await addStudent(
      { first_name: 'Al', last_name: 'Unpaid' },
      unpaid,
      unpaid.school.id,
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: PAYMENT_MESSAGES.subscriptionDueForCoordinator });
  });
});

describe('the paid student cap', () => {
  it('lets no two additions or imports, even in parallel, take the last place', async () => {
    // Paid for 50: the 1–100 tier. The coordinator is not a student: 99 places filled, 1 left.
    const admin = await signUpSchool(t.app);
    const last = unique('Cap');
    const lines = [HEADER];
    for (let i = 0; i < 99; i += 1) lines.push(`S${i},${last},,student,,`);
    const filled = await postRoster(lines.join('\n'), { caller: admin });
    expect(filled.json().counts.created).toBe(99);

    const answers = await Promise.all([
      addStudent({ first_name: 'Race1', last_name: last }, admin, admin.school.id),
      addStudent({ first_name: 'Race2', last_name: last }, admin, admin.school.id),
      postRoster([HEADER, `Race3,${last},,student,,`].join('\n'), { caller: admin }),
      postRoster([HEADER, `Race4,${last},,student,,`].join('\n'), { caller: admin }),
    ]);
    const added = answers.slice(0, 2).filter((response) => response.statusCode === 201).length;
    const imported = answers
      .slice(2)
      .reduce((sum, response) => sum + (response.json() as RosterResponse).counts.created, 0);
    expect(added + imported).toBe(1);
    for (const refused of answers.slice(0, 2).filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: ROSTER_MESSAGES.overCap(100) });
    }
    expect(await studentsNamed(last)).toHaveLength(100);
  }, 120_000);

  it('holds for a child joining by the school code, who is told to ask their teacher', async () => {
    const admin = await signUpSchool(t.app);
    const last = unique('Full');
    const lines = [HEADER];
    for (let i = 0; i < 98; i += 1) lines.push(`S${i},${last},,student,,`);
    expect((await postRoster(lines.join('\n'), { caller: admin })).json().counts.created).toBe(98);

    // 98 students: two joins and an addition race for the last place, which the 99th took.
    await joinSchool(t.app, admin.school.id);
    const answers = await Promise.all([
      joinByCode(admin.school.id),
      joinByCode(admin.school.id),
      addStudent({ first_name: 'Race', last_name: last }, admin, admin.school.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const refusedJoin = answers.slice(0, 2).find((answer) => answer.statusCode === 409);
    expect(refusedJoin?.json()).toEqual({ error: ROSTER_MESSAGES.schoolFull });
    const students = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, admin.school.id), eq(users.isStudent, true)));
    expect(students).toHaveLength(100);
  }, 120_000);

  it('does not count the joins of a school that has not paid yet', async () => {
    const unpaid = await signUpSchool(t.app, { paid: false });
    expect((await joinByCode(unpaid.school.id)).statusCode).toBe(201);
  });
});

describe('a student without e-mail', () => {
  async function newStudent() {
    const response = await addStudent({ first_name: 'Noe', last_name: unique('Mail') });
    expect(response.statusCode, response.body).toBe(201);
    const added: SchoolUser = response.json();
    return { added, session: await sessionOf(added.id) };
  }

  it('has a record with no e-mail and keeps none when the profile is saved without one', async () => {
    const { added, session } = await newStudent();
    const me = await t.app.inject({ url: `/api/v1/users/${added.id}`, headers: as(session) });
    expect(me.json()).toMatchObject({ id: added.id, email: null });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${added.id}`,
      headers: as(session),
      payload: { user: { first_name: 'Noé', last_name: added.last_name } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Noé', email: null });
  });

  it('adds an address later by its confirmation link, then signs in the usual ways', async () => {
    const { added, session } = await newStudent();
    const email = `${unique('later')}@lincoln.example`;
    // No password to give: the session asks, the mailed link proves the address (decision 0063).
    const asked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${added.id}`,
      headers: as(session),
      payload: { user: { first_name: 'Noe', last_name: added.last_name, email } },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().email).toBeNull();
    await t.runJobs();
    const mail = t.mailbox.findLast((message) => message.to === email);
    const token = mail?.text.match(/confirm-email\?token=([^&\s]+)/)?.[1] ?? '';
    const followed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/email-links',
      payload: { token: decodeURIComponent(token) },
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const me = await t.app.inject({ url: `/api/v1/users/${added.id}`, headers: as(session) });
    expect(me.json().email).toBe(email);

    // "Forgot password" to the confirmed address sets a first password; then it signs in.
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    await t.runJobs();
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
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email, password: 'first-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: added.id, email });
  });

  it("is in the school's lists and ZIP with an empty e-mail cell, and in their own export", async () => {
    const { added, session } = await newStudent();
    const csv = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/users.csv`,
      headers: as(cast.admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`Noe,${added.last_name},,student,1`);
    const zip = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/export`,
      headers: as(cast.admin),
    });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const people = new TextDecoder().decode(files['users.csv']);
    expect(people).toContain(`${added.id},Noe,${added.last_name},,student,`);
    const own = await t.app.inject({
      url: `/api/v1/users/${added.id}/export`,
      headers: as(session),
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`"email":null`);
  });

  it('is removed by the coordinator like any student', async () => {
    const { added } = await newStudent();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${added.id}`,
      headers: as(cast.admin),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, added.id))).toEqual([]);
    expect(await t.db.select().from(teams).where(eq(teams.captainUserId, added.id))).toEqual([]);
  });

  it('gets reminders by push only: the e-mail reminder is skipped, nothing fails', async () => {
    const { added, session } = await newStudent();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${added.id}/reminders`,
      headers: as(session),
      payload: { enabled: true, time: '17:00', push: false, email: true, weekly_summary: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    const mailsBefore = t.mailbox.length;
    const now = new Date('2026-11-28T00:00:00Z'); // 17:00 in Denver
    t.clock.set(now.toISOString());
    await tickReminders({ db: t.db, jobs: t.jobs, now });
    await t.runJobs();
    expect(t.mailbox.slice(mailsBefore)).toEqual([]);
    expect(
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, added.id), isNull(users.email))),
    ).toHaveLength(1);
  });
});

describe('a student who joins by code', () => {
  it('still needs an e-mail', async () => {
    await expect(joinSchool(t.app, schoolId(), { email: '' })).rejects.toThrow(
      MESSAGES.invalidEmailSignup,
    );
  });
});

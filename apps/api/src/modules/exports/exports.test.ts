import type { SessionRecord } from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, secretPictures, users } from '../../db/schema.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { closeFinishedDays } from '../points/closed-points.ts';
import { USER_EXPORT_SECTIONS } from './user-export-sections.ts';

const t = useTestApp();
let cast: SchoolCast;
/** Stress ratings only the student gave: 5,4,3,2,5 (a stress total of −$3.50). */
const STRESS = { people: 5, money: 4, personal: 3, clock: 2, health: 5 };

beforeAll(async () => {
  cast = await seedCast(t);
  await log(cast.student, 'water', { cups: 3, fruit: 1, vegetables: 0 });
  await log(cast.student, 'stress', STRESS);
  await log(cast.community, 'sleep', { minutes: 480 });
  await t.db
    .update(users)
    .set({
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'Ruiz, "Sam"',
      grade: '5',
      homeroom: 'Room 12',
    })
    .where(eq(users.id, cast.student.id));
  // The school's files hold closed days only (decision 0043): two days on, these have closed.
  t.clock.advance(2 * 24 * 60 * 60 * 1000);
  await closeFinishedDays(t.db, t.clock.now());
}, 120_000);

async function log(user: SessionRecord, type: string, values: Record<string, number>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/activities/${type}`,
    headers: as(user),
    payload: {
      activity: {
        properties: Object.entries(values).map(([key, value]) => ({
          property_key: key,
          property_value: value,
        })),
      },
    },
  });
  if (response.statusCode !== 200) throw new Error(`log ${type}: ${response.body}`);
}

function exportOf(user: SessionRecord) {
  return t.app.inject({ url: `/api/v1/users/${user.id}/export`, headers: as(user) });
}

async function schoolZip(admin: SessionRecord) {
  const response = await t.app.inject({
    url: `/api/v1/schools/${admin.school.id}/export`,
    headers: as(admin),
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (name: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(files[name]);
  return { response, files, text, rows: (name: string) => text(name).trimEnd().split('\r\n') };
}

/** What the database holds that must never leave it: password and token hashes. */
async function secretsOf(userId: number): Promise<string[]> {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, userId));
  return [user?.passwordHash ?? 'missing', ...sessions.map((session) => session.tokenHash)];
}

describe('GET /users/{id}/export', () => {
  it("answers the student's own data as a JSON attachment: every section, their stress ratings too", async () => {
    const response = await exportOf(cast.student);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="wellbank-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(Object.keys(data)).toEqual([
      'format',
      'version',
      'exported_at',
      ...USER_EXPORT_SECTIONS.map((section) => section.name),
    ]);
    expect(data.account).toMatchObject({ id: cast.student.id, email: cast.student.email });
    expect(data.roles).toEqual(['student']);
    expect(data.school).toMatchObject({ id: cast.admin.school.id });
    expect(data.team).toMatchObject({ id: cast.student.team_id, is_captain: true });
    expect(data.days).toHaveLength(1);
    const [day] = data.days;
    expect(day).toMatchObject({ stress: -3.5, energy: 2 });
    const stress = day.activities.find(
      (a: { activity_type: string }) => a.activity_type === 'stress',
    );
    expect(stress.total).toBe(-3.5);
    expect(
      Object.fromEntries(
        stress.properties.map((p: { property_key: string; property_value: number }) => [
          p.property_key,
          p.property_value,
        ]),
      ),
    ).toEqual(STRESS);
    expect(data.sessions.length).toBeGreaterThan(0);
  });

  it('holds no password hash, token, token hash or checkout id', async () => {
    for (const user of [cast.student, cast.community, cast.admin]) {
      const body = (await exportOf(user)).body;
      for (const secret of [...(await secretsOf(user.id)), user.token]) {
        expect(body).not.toContain(secret);
      }
      const checkoutIds = await t.db.execute(
        sql`select id from checkout_sessions where user_id = ${user.id}`,
      );
      for (const row of (checkoutIds as unknown as { rows: { id: string }[] }).rows) {
        expect(body).not.toContain(row.id);
      }
      expect(body).not.toMatch(/password_hash|token/);
    }
  });

  it("gives a family member their own days and donation, and nobody's else", async () => {
    const data = (await exportOf(cast.community)).json();
    expect(data.roles).toEqual(['community_member']);
    expect(data.team).toMatchObject({ id: cast.student.team_id, is_captain: false });
    expect(data.days.map((d: { activities: unknown[] }) => d.activities.length)).toEqual([1]);
    expect(data.payments).toEqual([
      expect.objectContaining({ kind: 'donation', duplicate: false }),
    ]);
    expect(JSON.stringify(data)).not.toContain(cast.student.email);
  });

  it("gives a child their picture and their two secret pictures in order (their own sign-in data), nobody else's", async () => {
    await t.db.update(users).set({ picture: 'turtle' }).where(eq(users.id, cast.student.id));
    await t.db
      .insert(secretPictures)
      .values({ userId: cast.student.id, first: 'banana', second: 'cherry' })
      .onConflictDoUpdate({
        target: secretPictures.userId,
        set: { first: 'banana', second: 'cherry' },
      });
    const data = (await exportOf(cast.student)).json();
    expect(data.account.picture).toBe('turtle');
    expect(data.class_sign_in).toEqual({ secret_pictures: ['banana', 'cherry'] });
    // A teammate's export holds their own (none drawn yet), not the child's.
    const family = (await exportOf(cast.community)).json();
    expect(family.class_sign_in).toEqual({ secret_pictures: null });
    expect(JSON.stringify(family)).not.toMatch(/banana|cherry/);
  });

  it("answers another person's id 404, writing nothing", async () => {
    const response = await t.app.inject({
      url: `/api/v1/users/${cast.student.id}/export`,
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json())).toEqual(['error']);
  });

  it('is in the activity log, and the next export lists it among what the person did', async () => {
    await exportOf(cast.staff);
    const data = (await exportOf(cast.staff)).json();
    expect(data.activity_log).toContainEqual(
      expect.objectContaining({
        action: 'user.export',
        by_you: true,
        target_kind: 'user',
        target_id: cast.staff.id,
      }),
    );
  });
});

describe('GET /schools/{id}/export', () => {
  it('answers a ZIP attachment of the six CSV files', async () => {
    const { response, files } = await schoolZip(cast.admin);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="wellbank-school-${cast.admin.school.id}-[\\d-]{10}\\.zip"$`,
      ),
    );
    expect(Object.keys(files)).toEqual([
      'users.csv',
      'teams.csv',
      'intervals.csv',
      'daily_summaries.csv',
      'activities.csv',
      'payments.csv',
    ]);
  });

  it("lists the school's people (not another school's), quoting and neutralising their names", async () => {
    const { rows } = await schoolZip(cast.admin);
    const people = rows('users.csv');
    expect(people[0]).toBe(
      '\uFEFFuser_id,first_name,last_name,email,roles,grade,homeroom,team_id,points,last_activity_logged_at,created_at',
    );
    expect(people).toHaveLength(5);
    const student = people.find((line) => line.startsWith(`${cast.student.id},`));
    expect(student).toContain(`"'=HYPERLINK(""http://evil.example"")","Ruiz, ""Sam"""`);
    expect(student).toContain(`,student,5,Room 12,${cast.student.team_id},`);
    expect(people.join('\n')).not.toContain(cast.otherAdmin.email);
    expect(rows('teams.csv')).toHaveLength(4);
    expect(rows('intervals.csv')).toHaveLength(2);
    expect(rows('payments.csv')[0]).toBe(
      '\uFEFFpayment_id,kind,user_id,team_id,amount_dollars,duplicate,paid_at',
    );
    expect(rows('payments.csv')).toHaveLength(3);
  });

  it('holds no stress rating nor any figure a day’s stress can be worked out from', async () => {
    const { rows, text } = await schoolZip(cast.admin);
    const summaries = rows('daily_summaries.csv');
    // No amount of any kind: beside the points in users.csv, a day's energy, food or category
    // totals would give its stress back (decision 0043).
    expect(summaries[0]).toBe('\uFEFFuser_id,local_date,is_complete,streak_length,streak_points');
    const activities = rows('activities.csv');
    expect(activities[0]).toBe('\uFEFFuser_id,local_date,activity_type');
    expect(activities.slice(1).map((line) => line.split(',').slice(0, 1)[0])).toEqual([
      String(cast.student.id),
      String(cast.community.id),
    ]);
    for (const name of Object.keys((await schoolZip(cast.admin)).files)) {
      expect(text(name), name).not.toMatch(/stress|balance|day_points|people|personal/);
    }
    for (const name of ['daily_summaries.csv', 'activities.csv']) {
      expect(text(name), name).not.toMatch(/dollars|cents|minutes|cups/);
    }
  });

  it('holds only the days that can no longer change, as the points in users.csv count them', async () => {
    await log(cast.student, 'sleep', { minutes: 420 });
    const { rows } = await schoolZip(cast.admin);
    const today = rows('activities.csv').filter((line) => line.endsWith(',sleep'));
    expect(today.map((line) => line.split(',')[0])).toEqual([String(cast.community.id)]);
    expect(rows('daily_summaries.csv')).toHaveLength(3);
  });

  it("is in the school's activity log, by the admin who downloaded it", async () => {
    await schoolZip(cast.admin);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'school.export'));
    expect(entries).toContainEqual(
      expect.objectContaining({
        schoolId: cast.admin.school.id,
        actorUserId: cast.admin.id,
        targetKind: 'school',
        targetId: cast.admin.school.id,
      }),
    );
  });

  it('holds no picture, and no secret picture of a child (those are on the class cards only)', async () => {
    await t.db
      .insert(secretPictures)
      .values({ userId: cast.student.id, first: 'banana', second: 'cherry' })
      .onConflictDoUpdate({
        target: secretPictures.userId,
        set: { first: 'banana', second: 'cherry' },
      });
    const { files, text } = await schoolZip(cast.admin);
    for (const name of Object.keys(files)) {
      expect(text(name), name).not.toMatch(/banana|cherry|picture|secret/);
    }
  });

  it('holds no password hash or token', async () => {
    const { files } = await schoolZip(cast.admin);
    const all = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    for (const user of [cast.admin, cast.staff, cast.student, cast.community]) {
      for (const secret of [...(await secretsOf(user.id)), user.token]) {
        expect(all).not.toContain(secret);
      }
    }
  });

  it("reads a person's history across pages: every day once, in order", async () => {
    const userId = cast.staff.id;
    await t.db.execute(sql`insert into daily_summaries (user_id, school_id, local_date,
        balance_cents, food_cents, energy_cents, stress_cents, is_complete, streak_length,
        day_points, streak_points)
      select ${userId}, ${cast.admin.school.id}, date '2020-01-01' + n, 100, 0, 100, 0, false, 0, 10, 0
      from generate_series(0, 2199) n`);
    await t.db.execute(sql`insert into activities (user_id, activity_type, local_date, total_cents, properties)
      select ${userId}, 'rest', date '2020-01-01' + n, 25, '{"duration": 2}'::jsonb
      from generate_series(0, 1099) n`);
    const { rows } = await schoolZip(cast.admin);
    const days = rows('daily_summaries.csv').filter((line) => line.startsWith(`${userId},`));
    expect(days).toHaveLength(2200);
    const dates = days.map((line) => line.split(',')[1]);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(2200);
    const rests = rows('activities.csv').filter((line) => line.startsWith(`${userId},`));
    expect(rests).toHaveLength(1100);
    expect(new Set(rests.map((line) => line.split(',')[1])).size).toBe(1100);
  });
});

describe('export file names', () => {
  it("carry the day on the school's calendar, not the UTC one", async () => {
    t.clock.set('2026-11-29T04:00:00Z'); // 21:00 on 28 November in Denver, the cast's school
    try {
      const zip = await schoolZip(cast.admin);
      expect(zip.response.headers['content-disposition']).toContain('-2026-11-28.zip"');
      const own = await exportOf(cast.student);
      expect(own.headers['content-disposition']).toContain('wellbank-my-data-2026-11-28.json"');
    } finally {
      t.clock.set(new Date().toISOString());
    }
  });
});

import {
  LIST_CSV_HEADERS,
  nextPageLink,
  type PointsListEntry,
  type SchoolUser,
  spreadsheetDateTime,
  UTF8_BOM,
} from '@wellbank/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, semesters } from '../../db/schema.ts';
import { as, CAST_ROLES, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * "Download CSV" of Staff points, Student points and Staff & students (issue #16 §3, decision
 * 0031): the whole list in the JSON list's order, more than one page of it, formulas made text.
 */
const t = useTestApp();
let cast: SchoolCast;
const schoolId = () => cast.admin.school.id;
const STUDENTS = 520; // more than one page of POINTS_PAGE_MAX (500)
const TRICKY = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2', '@SUM(A1)', 'Ruiz, "Sam"'];

beforeAll(async () => {
  cast = await seedCast(t);
  const [active] = await t.db
    .select({ start: semesters.startDate })
    .from(semesters)
    .where(and(eq(semesters.schoolId, schoolId()), eq(semesters.isActive, true)));
  const start = active?.start ?? '';
  // Students inserted in one statement each step: the sign-up route is tested elsewhere.
  await t.db.execute(sql`
    with made as (
      insert into users (school_id, first_name, last_name, email, password_hash, points,
        closed_points)
      select ${schoolId()}::int, 'Student ' || n, 'Csv', 'student' || n || '@csv.example', 'x',
        n % 37, n % 37
      from generate_series(1, ${STUDENTS - TRICKY.length}::int) n
      union all
      select ${schoolId()}::int, name, 'Tricky', 'tricky' || ordinality || '@csv.example', 'x', 5, 5
      from unnest(array[${sql.join(
        TRICKY.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]) with ordinality as tricky(name, ordinality)
      returning id
    ), roles as (insert into user_roles (user_id, role) select id, 'student' from made)
    insert into daily_summaries (user_id, school_id, local_date, balance_cents, food_cents,
      energy_cents, stress_cents, is_complete, streak_length, day_points, streak_points)
    select id, ${schoolId()}::int, ${start}::date, 0, 0, 0, -125, false, 0, 0, 0 from made`);
  await t.db.execute(sql`update users set last_activity_logged_at =
    (${start}::date + time '12:00') at time zone 'America/Denver' + (id % 50) * interval '1 minute'
    where school_id = ${schoolId()} and last_name in ('Csv', 'Tricky')`);
});

function download(path: string, user = cast.admin) {
  return t.app.inject({ url: `/api/v1/schools/${schoolId()}/${path}`, headers: as(user) });
}

/** RFC 4180 lines of the body, after its byte-order mark, each split into fields. */
function readCsv(body: string): string[][] {
  expect(body.startsWith(UTF8_BOM)).toBe(true);
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  const text = body.slice(UTF8_BOM.length);
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  return rows;
}

/** Every page of a JSON list, following its Link headers. */
async function allJsonPages<T>(firstPath: string, user = cast.admin): Promise<T[]> {
  const rows: T[] = [];
  let url: string | undefined = `/api/v1/schools/${schoolId()}/${firstPath}`;
  while (url) {
    const response = await t.app.inject({ url, headers: as(user) });
    expect(response.statusCode).toBe(200);
    rows.push(...(response.json() as T[]));
    url = nextPageLink(response.headers.link as string | undefined);
  }
  return rows;
}

const neutral = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('GET /schools/{id}/students.csv', () => {
  it('answers every active student in the list’s order, as an attachment with a BOM', async () => {
    const response = await download('students.csv?sort=points&order=desc', cast.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="wellbank-student-points-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual(LIST_CSV_HEADERS.students);
    const json = await allJsonPages<PointsListEntry>(
      'students?sort=points&order=desc&limit=500',
      cast.staff,
    );
    expect(json.length).toBeGreaterThanOrEqual(STUDENTS);
    expect(rows).toEqual(
      json.map((entry) => [
        neutral(entry.first_name),
        neutral(entry.last_name),
        String(entry.points),
        entry.last_activity_logged_at
          ? spreadsheetDateTime(new Date(entry.last_activity_logged_at), 'America/Denver')
          : '',
      ]),
    );
  });

  it('writes names that start like formulas as quoted text with an apostrophe', async () => {
    const response = await download('students.csv', cast.staff);
    for (const name of TRICKY) {
      const quoted = `"${neutral(name).replaceAll('"', '""')}"`;
      expect(response.body).toContain(`\r\n${quoted},Tricky,5,`);
    }
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",Tricky`);
    expect(response.body).not.toMatch(/(^|[\r\n,])[=+\-@]/);
  });

  it('refuses admins who are not staff, students, family and other schools; records a read', async () => {
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      statuses[role] = (await download('students.csv', cast[role])).statusCode;
    }
    expect(statuses).toEqual({
      admin: 200, // the coordinator is staff too
      staff: 200,
      student: 403,
      community: 403,
      otherAdmin: 404,
    });
    const unsigned = await t.app.inject({ url: `/api/v1/schools/${schoolId()}/students.csv` });
    expect(unsigned.statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, cast.staff.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe('export.student_points');
  });

  it('answers 422 for a sort it does not know, like the JSON list', async () => {
    const response = await download('students.csv?sort=stress', cast.staff);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: expect.stringContaining('sort must be one of') });
  });
});

describe('GET /schools/{id}/staff.csv', () => {
  it('answers the staff list for admins only, people who never logged with an empty cell', async () => {
    const response = await download('staff.csv?sort=last_activity&order=asc');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual(LIST_CSV_HEADERS.staff);
    const json = await allJsonPages<PointsListEntry>('staff?sort=last_activity&order=asc');
    expect(rows.map((row) => row.slice(0, 3))).toEqual(
      json.map((entry) => [entry.first_name, entry.last_name, String(entry.points)]),
    );
    expect(rows.some((row) => row[3] === '')).toBe(true);
    expect((await download('staff.csv', cast.staff)).statusCode).toBe(403);
    expect((await download('staff.csv', cast.otherAdmin)).statusCode).toBe(404);
  });
});

describe('GET /schools/{id}/users.csv', () => {
  it('answers staff and students by name with e-mail, role and team size; no stress', async () => {
    const response = await download('users.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="wellbank-staff-and-students-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual(['First name', 'Last name', 'Email', 'Role', 'Team size']);
    expect(response.body.toLowerCase()).not.toContain('stress');
    const json = await allJsonPages<SchoolUser>('users?limit=500');
    expect(rows).toEqual(
      json.map((user) => [
        neutral(user.first_name),
        neutral(user.last_name),
        user.email,
        user.user_school_roles.map((entry) => entry.role.name).join(' '),
        String(user.team_size),
      ]),
    );
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      statuses[role] = (await download('users.csv', cast[role])).statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 403,
      student: 403,
      community: 403,
      otherAdmin: 404,
    });
  });
});

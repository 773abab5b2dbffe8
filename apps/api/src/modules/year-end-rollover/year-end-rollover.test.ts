import {
  describeAuditEntry,
  LEAVING_GRACE_DAYS,
  type SessionRecord,
  type YearEndRolloverResult,
} from '@wellbank/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, semesters, teams, users } from '../../db/schema.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import { as } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { deleteLeftStudents } from '../maintenance/leaving-students.ts';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const nextYear = { start_date: '2040-08-20', end_date: '2041-06-10', points_needed: 900 };
/** K, 1, 5, 11 and 12, and a student with no grade: a school of several grades. */
const ROSTER: [name: string, grade: string | null][] = [
  ['Kim', 'K'],
  ['Kai', 'K'],
  ['Uma', '1'],
  ['Fay', '5'],
  ['Eli', '11'],
  ['Tess', '12'],
  ['Zed', '12'],
  ['Nog', null],
];

async function seedSchool() {
  const admin = await signUpSchool(t.app);
  const students = new Map<string, number>();
  for (const [firstName, grade] of ROSTER) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${admin.school.id}/students`,
      headers: as(admin),
      payload: { first_name: firstName, last_name: 'Lee', grade, homeroom: 'H1' },
    });
    expect(response.statusCode, response.body).toBe(201);
    students.set(firstName, response.json().id);
  }
  const [active] = await t.db
    .select({ id: semesters.id })
    .from(semesters)
    .where(and(eq(semesters.schoolId, admin.school.id), eq(semesters.isActive, true)));
  return { admin, students, activeId: active?.id ?? null };
}

type School = Awaited<ReturnType<typeof seedSchool>>;

function body(school: School, overrides: object = {}) {
  return {
    close_interval_id: school.activeId,
    teams: 'keep',
    leaving: 'export_first',
    next_interval: nextYear,
    ...overrides,
  };
}

function rollover(user: SessionRecord, payload: unknown, options: { dryRun?: boolean } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${user.school.id}/year-end-rollovers${options.dryRun ? '?dry_run=true' : ''}`,
    headers: as(user),
    payload: payload as object,
  });
}

/** Everything a rollover changes, to compare before and after a refusal. */
async function snapshot(schoolId: number) {
  return {
    users: await t.db
      .select({ id: users.id, grade: users.grade, leavingAfter: users.leavingAfter })
      .from(users)
      .where(eq(users.schoolId, schoolId))
      .orderBy(asc(users.id)),
    semesters: await t.db
      .select()
      .from(semesters)
      .where(eq(semesters.schoolId, schoolId))
      .orderBy(asc(semesters.id)),
    teams: await t.db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.schoolId, schoolId))
      .orderBy(asc(teams.id)),
    audit: await t.db.select().from(auditLog).where(eq(auditLog.schoolId, schoolId)),
  };
}

async function gradeOf(userId: number | undefined) {
  const [row] = await t.db
    .select({ grade: users.grade, leavingAfter: users.leavingAfter })
    .from(users)
    .where(eq(users.id, userId ?? 0));
  return row;
}

describe('POST /schools/{id}/year-end-rollovers', () => {
  it('previews a school of several grades in a dry run that writes nothing', async () => {
    const school = await seedSchool();
    const before = await snapshot(school.admin.school.id);
    const response = await rollover(school.admin, body(school), { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const plan: YearEndRolloverResult = response.json();
    expect(plan.dry_run).toBe(true);
    expect(plan.closed_interval?.id).toBe(school.activeId);
    expect(plan.last_grade).toBe('12');
    expect(plan.promotions).toEqual([
      { from: 'K', to: '1', students: 2 },
      { from: '1', to: '2', students: 1 },
      { from: '5', to: '6', students: 1 },
      { from: '11', to: '12', students: 1 },
    ]);
    expect(plan.ungraded_students).toBe(1);
    expect(plan.leaving.students.map((s) => s.first_name)).toEqual(['Tess', 'Zed']);
    expect(plan.teams).toEqual({ choice: 'keep', count: ROSTER.length + 1 });
    expect(await snapshot(school.admin.school.id)).toEqual(before);
  });

  it('rolls over in one run: grades up, the last grade leaving after the grace period, one log entry', async () => {
    const school = await seedSchool();
    const schoolId = school.admin.school.id;
    const tessTeam = await teamOf(school.students.get('Tess'));
    await t.db.update(teams).set({ name: 'The Comets' }).where(eq(teams.id, tessTeam));
    const started = Date.now();
    const response = await rollover(school.admin, body(school, { teams: 'reset' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().dry_run).toBe(false);

    expect((await gradeOf(school.students.get('Kim')))?.grade).toBe('1');
    expect((await gradeOf(school.students.get('Uma')))?.grade).toBe('2');
    expect((await gradeOf(school.students.get('Fay')))?.grade).toBe('6');
    expect((await gradeOf(school.students.get('Eli')))?.grade).toBe('12');
    expect((await gradeOf(school.students.get('Nog')))?.grade).toBeNull();
    const tess = await gradeOf(school.students.get('Tess'));
    expect(tess?.grade).toBe('12');
    const graceEnds = tess?.leavingAfter?.getTime() ?? 0;
    expect(graceEnds).toBeGreaterThanOrEqual(started + LEAVING_GRACE_DAYS * DAY_MS);
    expect((await gradeOf(school.students.get('Eli')))?.leavingAfter).toBeNull();

    const intervals = await t.db
      .select({ id: semesters.id, isActive: semesters.isActive, start: semesters.startDate })
      .from(semesters)
      .where(eq(semesters.schoolId, schoolId))
      .orderBy(asc(semesters.startDate));
    expect(intervals.map((row) => [row.id === school.activeId, row.isActive])).toEqual([
      [true, false],
      [false, true],
    ]);
    const [team] = await t.db
      .select({ name: teams.name })
      .from(teams)
      .where(eq(teams.id, tessTeam));
    expect(team?.name).toBe('Tess L.');

    const entries = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, 'school.year_end_rollover')));
    expect(entries).toEqual([{ action: 'school.year_end_rollover', detail: '5;2;0;9' }]);
    const log = await t.app.inject({
      url: `/api/v1/schools/${schoolId}/audit-log`,
      headers: as(school.admin),
    });
    const [entry] = log.json();
    expect(describeAuditEntry(entry)).toBe(
      `${entry.actor.name} rolled the school year over: 5 students moved up a grade, 2 leaving (0 deleted now), 9 team names reset`,
    );

    // The retention run deletes them once the grace period has passed, not before.
    expect(await deleteLeftStudents(t.db, new Date(graceEnds - 1000))).toBe(0);
    expect(await deleteLeftStudents(t.db, new Date(graceEnds + 1000))).toBe(2);
    expect(await gradeOf(school.students.get('Tess'))).toBeUndefined();
    expect((await gradeOf(school.students.get('Eli')))?.grade).toBe('12');
  });

  it('deletes the leaving accounts at once when asked, with their teams', async () => {
    const school = await seedSchool();
    const zedTeam = await teamOf(school.students.get('Zed'));
    const response = await rollover(school.admin, body(school, { leaving: 'delete_now' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(await gradeOf(school.students.get('Zed'))).toBeUndefined();
    expect(await gradeOf(school.students.get('Tess'))).toBeUndefined();
    expect(await t.db.select().from(teams).where(eq(teams.id, zedTeam))).toEqual([]);
  });

  it('takes the last grade the coordinator names: grades above it leave too', async () => {
    const school = await seedSchool();
    const response = await rollover(school.admin, body(school, { last_grade: '5' }), {
      dryRun: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const plan: YearEndRolloverResult = response.json();
    expect(plan.promotions.map((row) => row.from)).toEqual(['K', '1']);
    expect(plan.leaving.students.map((s) => s.first_name)).toEqual(['Eli', 'Fay', 'Tess', 'Zed']);
  });

  it('applies one of two parallel runs; the other is 409 and changes nothing more', async () => {
    const school = await seedSchool();
    const [a, b] = await Promise.all([
      rollover(school.admin, body(school)),
      rollover(school.admin, body(school)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await gradeOf(school.students.get('Kim')))?.grade).toBe('1');
    const runs = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.schoolId, school.admin.school.id),
          eq(auditLog.action, 'school.year_end_rollover'),
        ),
      );
    expect(runs).toHaveLength(1);
    // The same review sent again later: 409 too.
    expect((await rollover(school.admin, body(school))).statusCode).toBe(409);
  });

  it('leaves nothing changed when it fails in the middle', async () => {
    const school = await seedSchool();
    const schoolId = school.admin.school.id;
    const before = await snapshot(schoolId);
    // A real failure after the grades, the deletions and the team names were written: the
    // database refuses the new interval's insert.
    await t.db.execute(
      sql.raw(`create function fail_rollover() returns trigger language plpgsql as
      $$ begin raise exception 'rollover test failure'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger fail_rollover before insert on semesters
      for each row when (new.points_needed = 4242) execute function fail_rollover()`),
    );
    try {
      const failing = { ...nextYear, points_needed: 4242 };
      const response = await rollover(
        school.admin,
        body(school, { next_interval: failing, leaving: 'delete_now', teams: 'reset' }),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_rollover on semesters'));
      await t.db.execute(sql.raw('drop function fail_rollover()'));
    }
    expect(await snapshot(schoolId)).toEqual(before);
  });

  it('refuses bad input and other people, writing nothing', async () => {
    const school = await seedSchool();
    const schoolId = school.admin.school.id;
    const before = await snapshot(schoolId);
    const refusals: [unknown, number, { dryRun?: boolean }?][] = [
      [body(school, { teams: 'dissolve' }), 422],
      [body(school, { leaving: 'later' }), 422],
      [body(school, { last_grade: '13' }), 422],
      [body(school, { next_interval: { ...nextYear, points_needed: 0 } }), 422],
      [body(school, { next_interval: { ...nextYear, end_date: '2040-08-01' } }), 422],
      [body(school, { next_interval: { ...nextYear, start_date: '2040-02-30' } }), 422],
      [{ teams: 'keep' }, 422],
      [body(school, { close_interval_id: 'x' }), 422],
      // The next interval may not overlap one of the school's (its current one runs from today).
      [body(school, { next_interval: { ...nextYear, start_date: '2020-01-01' } }), 409],
      [
        body(school, { next_interval: { ...nextYear, start_date: '2020-01-01' } }),
        409,
        { dryRun: true },
      ],
      [body(school, { close_interval_id: null }), 409],
      [body(school, { close_interval_id: 99999999 }), 409, { dryRun: true }],
    ];
    for (const [payload, status, options] of refusals) {
      const response = await rollover(school.admin, payload, options);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const badQuery = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId}/year-end-rollovers?dry_run=maybe`,
      headers: as(school.admin),
      payload: body(school),
    });
    expect(badQuery.statusCode).toBe(422);
    const other = await signUpSchool(t.app);
    const crossSchool = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId}/year-end-rollovers`,
      headers: as(other),
      payload: body(school),
    });
    expect(crossSchool.statusCode).toBe(404);
    expect(await snapshot(schoolId)).toEqual(before);
  });
});

async function teamOf(userId: number | undefined): Promise<number> {
  const [row] = await t.db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.captainUserId, userId ?? 0));
  if (!row) throw new Error(`no team captained by ${userId}`);
  return row.id;
}

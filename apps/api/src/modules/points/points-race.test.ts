import { addDays, localDate, type SessionRecord } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as } from '../../test/school-fixture.ts';
import { testDatabaseUrl } from '../../test/test-env.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Issue #31 §1: students save today's and yesterday's activities while the coordinator switches
 * the active interval back and forth (and a role switch comes in between). Afterwards every
 * user's and team's points equal a fresh recomputation from the day summaries, and no call
 * answered 500. Races show on PostgreSQL (run it under TEST_DATABASE_URL); on PGlite, with one
 * connection, the same scenario runs in turns and must hold as well.
 */

/** Rounds race on PostgreSQL; PGlite runs one transaction at a time, so one round says it all. */
const ROUNDS = testDatabaseUrl() ? 3 : 1;
const STUDENTS = 6;
const WRITES = 150;
const PARALLEL = 16;
const TOGGLE_EVERY = 10;
const SWITCH_EVERY = 25;
const TIME_ZONE = 'America/Denver';

const t = useTestApp();

interface School {
  admin: SessionRecord;
  students: SessionRecord[];
  /** Switched between staff and student during the round: it owns no points either way. */
  switched: SessionRecord;
  /** The interval that ended yesterday, then the sign-up one, which starts today. */
  intervals: [number, number];
}

async function seedSchool(): Promise<School> {
  const admin = await signUpSchool(t.app, { timeZone: TIME_ZONE });
  const schoolId = admin.school.id;
  const students = await Promise.all(
    Array.from({ length: STUDENTS }, () => joinSchool(t.app, schoolId)),
  );
  const switched = await joinSchool(t.app, schoolId);
  const today = localDate(t.clock.now(), TIME_ZONE);
  const [current] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from semesters where school_id = ${schoolId} and is_active`,
  );
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId}/semesters`,
    headers: as(admin),
    payload: { start_date: addDays(today, -30), end_date: addDays(today, -1), points_needed: 500 },
  });
  if (created.statusCode !== 201 || !current) throw new Error(`no interval: ${created.body}`);
  return { admin, students, switched, intervals: [created.json().id, current.id] };
}

/** The calls of one round, in order: writes, with a toggle and a role switch now and then. */
function roundCalls(school: School, yesterday: string) {
  const calls: (() => Promise<{ statusCode: number; body: string }>)[] = [];
  for (let index = 0; index < WRITES; index += 1) {
    const student = school.students[index % STUDENTS] as SessionRecord;
    const cups = Math.floor(Math.random() * 9);
    const body = index % 2 === 1 ? { date: yesterday } : {};
    calls.push(() =>
      activityCalls(t, student.token).put('water', { cups, fruit: cups % 3, vegetables: 1 }, body),
    );
    if (index % TOGGLE_EVERY === TOGGLE_EVERY - 1) {
      // The interval that ended yesterday first, then the current one, and so on.
      const interval = school.intervals[Math.floor(index / TOGGLE_EVERY) % 2];
      calls.push(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/schools/semesters/${interval}/active`,
          headers: as(school.admin),
        }),
      );
    }
    if (index % SWITCH_EVERY === SWITCH_EVERY - 1) {
      const role = Math.floor(index / SWITCH_EVERY) % 2 === 0 ? 'staff' : 'student';
      calls.push(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/schools/${school.admin.school.id}/users/${school.switched.id}/roles/${role}`,
          headers: as(school.admin),
        }),
      );
    }
  }
  return calls;
}

/** Runs the calls PARALLEL at a time, in order; answers each call's status and body. */
async function runInParallel(calls: (() => Promise<{ statusCode: number; body: string }>)[]) {
  const answers: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const call = calls[next] as (typeof calls)[number];
      next += 1;
      const response = await call();
      answers.push(`${response.statusCode} ${response.statusCode === 200 ? '' : response.body}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return answers;
}

/** Each user's and team's stored points beside its recomputation from the day summaries. */
async function pointsAgainstRecomputation(schoolId: number) {
  const people = await queryRows<{ id: number; stored: number; recomputed: number }>(
    t.db,
    sql`select u.id, u.points as stored, coalesce((select sum(d.day_points + d.streak_points)::int
        from daily_summaries d join semesters s on s.school_id = d.school_id and s.is_active
          and d.local_date between s.start_date and s.end_date
        where d.user_id = u.id), 0) as recomputed
      from users u where u.school_id = ${schoolId} order by u.id`,
  );
  const teams = await queryRows<{ id: number; stored: number; recomputed: number }>(
    t.db,
    sql`select t.id, t.points as stored, coalesce((select sum(u.points)::int
        from team_members m join users u on u.id = m.user_id where m.team_id = t.id), 0) as recomputed
      from teams t where t.school_id = ${schoolId} order by t.id`,
  );
  return { people, teams };
}

describe('points while the active interval switches under parallel writes', () => {
  it('keep every user’s and team’s points equal to a recomputation, and answer no 500', async () => {
    let pointsSeen = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const school = await seedSchool();
      const yesterday = addDays(localDate(t.clock.now(), TIME_ZONE), -1);
      const answers = await runInParallel(roundCalls(school, yesterday));

      expect(answers.filter((answer) => !answer.startsWith('200 '))).toEqual([]);
      const { people, teams } = await pointsAgainstRecomputation(school.admin.school.id);
      const wrong = [...people, ...teams].filter((row) => row.stored !== row.recomputed);
      expect(wrong).toEqual([]);
      pointsSeen += people.reduce((sum, person) => sum + person.stored, 0);
    }
    // The writes counted: the comparisons above were of real points, not of zeros.
    expect(pointsSeen).toBeGreaterThan(0);
  }, 60_000);
});

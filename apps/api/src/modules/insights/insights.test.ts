import {
  INSIGHT_CATEGORIES,
  MIN_INSIGHT_GROUP,
  type SchoolInsights,
  type SessionRecord,
  SUPPRESSED_TOO_FEW,
} from '@wellbank/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** Issue 16 §4: aggregates of the school's students, none from fewer than 10 of them. */

const t = useTestApp();
let cast: SchoolCast;
const students: SessionRecord[] = [];

// A Wednesday, 11:00 in Denver; the week before starts on Monday 2026-11-16. The insights show
// whole weeks whose days have all closed (decision 0043): on that Wednesday, up to Sunday 22nd;
// from the next Tuesday on, up to Sunday 29th.
const TODAY = '2026-11-25T18:00:00Z';
const LAST_TUESDAY = '2026-11-17T18:00:00Z';
const NEXT_TUESDAY = '2026-12-01T18:00:00Z';
const STRESSED = { people: 3, money: 3, personal: 3, clock: 3, health: 3 };

async function log(user: SessionRecord, type: string, values: Record<string, number>) {
  const properties = Object.entries(values).map(([property_key, property_value]) => ({
    property_key,
    property_value,
  }));
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/activities/${type}`,
    headers: as(user),
    payload: { activity: { activity_type: type, properties } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A day of $4 sleep, $1 water and $2.50 of stress: a $2.50 balance, $5.00 of energy (dark green
 * either way). The insights show the energy: no figure of theirs holds stress.
 */
async function logDay(user: SessionRecord) {
  await log(user, 'sleep', { minutes: 540 });
  await log(user, 'water', { cups: 2, fruit: 0, vegetables: 0 });
  await log(user, 'stress', STRESSED);
}

async function readInsights(caller: SessionRecord, schoolId = caller.school.id) {
  return t.app.inject({ url: `/api/v1/schools/${schoolId}/insights`, headers: as(caller) });
}

async function insights(): Promise<SchoolInsights> {
  const response = await readInsights(cast.admin);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/stress/i);
  return response.json();
}

beforeAll(async () => {
  t.clock.set(LAST_TUESDAY);
  cast = await seedCast(t);
  students.push(cast.student);
  while (students.length < MIN_INSIGHT_GROUP - 1) {
    students.push(await joinSchool(t.app, cast.admin.school.id));
  }
  for (const student of students) await logDay(student);
  t.clock.set(TODAY);
  for (const student of students) await logDay(student);
  // Staff and family members are not students: their days count nowhere.
  await logDay(cast.staff);
  await logDay(cast.community);
}, 120_000);

describe('GET /schools/{id}/insights', () => {
  it('suppresses every figure while the school has 9 students', async () => {
    const body = await insights();
    expect(body).toMatchObject({
      start_date: '2026-10-26',
      end_date: '2026-11-22',
      min_group_size: MIN_INSIGHT_GROUP,
      student_count: MIN_INSIGHT_GROUP - 1,
    });
    expect(body.participation).toHaveLength(28);
    for (const day of body.participation) {
      expect(day).toMatchObject({
        students_logged: null,
        share: null,
        suppressed: SUPPRESSED_TOO_FEW,
      });
    }
    for (const week of body.weeks) {
      expect(week).toMatchObject({ students: null, average_energy: null, colors: null });
      for (const category of week.categories) expect(category.average).toBeNull();
    }
  });

  it('shows a closed week of 10 students by their energy, and still suppresses the week that had 9', async () => {
    const tenth = await joinSchool(t.app, cast.admin.school.id);
    await logDay(tenth);
    // Today's week is not in the insights until its days have all closed.
    const before = await insights();
    expect(before.end_date).toBe('2026-11-22');
    expect(before.participation.map((day) => day.date)).not.toContain('2026-11-25');

    t.clock.set(NEXT_TUESDAY);
    const body = await insights();
    expect(body).toMatchObject({ start_date: '2026-11-02', end_date: '2026-11-29' });
    expect(body.student_count).toBe(MIN_INSIGHT_GROUP);
    const byDate = new Map(body.participation.map((day) => [day.date, day]));
    // Participation is a share of all 10 students: shown on the day 9 of them logged.
    expect(byDate.get('2026-11-25')).toEqual({
      date: '2026-11-25',
      students_logged: 10,
      share: 1,
      suppressed: null,
    });
    expect(byDate.get('2026-11-17')).toMatchObject({ students_logged: 9, share: 0.9 });
    expect(byDate.get('2026-11-18')).toMatchObject({ students_logged: 0, share: 0 });

    const [lastWeek, thatWeek] = body.weeks.slice(-2);
    expect(lastWeek).toMatchObject({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      students: null,
      suppressed: SUPPRESSED_TOO_FEW,
    });
    expect(thatWeek).toMatchObject({
      start_date: '2026-11-23',
      end_date: '2026-11-29',
      students: 10,
      average_energy: 5,
      colors: { dark_red: 0, light_red: 0, yellow: 0, light_green: 0, dark_green: 10 },
      suppressed: null,
    });
    const averages = Object.fromEntries(
      thatWeek?.categories.map((c) => [c.activity_type, c.average]) ?? [],
    );
    expect(Object.keys(averages)).toEqual(INSIGHT_CATEGORIES);
    expect(averages).toMatchObject({ sleep: 4, water: 1, fitness: null, food: null });
  });

  it('answers the school’s admins and staff, 403 to its students and family, 404 elsewhere', async () => {
    const expected = { admin: 200, staff: 200, student: 403, community: 403, otherAdmin: 404 };
    for (const [role, status] of Object.entries(expected)) {
      const caller = cast[role as keyof SchoolCast];
      const response = await readInsights(caller, cast.admin.school.id);
      expect(response.statusCode, role).toBe(status);
      if (status !== 200) expect(Object.keys(response.json())).toEqual(['error']);
    }
  });
});

import {
  addDays,
  INSIGHT_CATEGORIES,
  MIN_INSIGHT_GROUP,
  type SchoolInsights,
  type SessionRecord,
} from '@wellbank/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedWeeks, dailySummaries, schools, semesters } from '../../db/schema.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast, setRoles } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { reduceOldActivityDetail } from '../maintenance/activity-detail.ts';
import { maintenanceJob } from '../maintenance/maintenance.job.ts';

/**
 * Decision 0057: the insights read each closed week from `closed_weeks`, stored by the hourly
 * job, and compute the weeks not stored yet from the days; both answer the same, whatever
 * happens to the school's people and days after the weeks are stored.
 */

const t = useTestApp();
let cast: SchoolCast;
const students: SessionRecord[] = [];

// A Wednesday, 11:00 in Denver: the insights cover 2026-10-26 to Sunday 2026-11-22, and the next
// Tuesday the week to 2026-11-29 too.
const TODAY = '2026-11-25T18:00:00Z';
const NEXT_TUESDAY = '2026-12-01T18:00:00Z';
const CATEGORY_DAYS = 2; // of every 3, a category is logged

/**
 * A varied day of person `i`: some days missed, energies across every colour, some categories
 * logged and some not, and a stress the insights must leave out.
 */
async function seedDays(userIds: readonly number[], from: string, through: string) {
  const rows = [];
  for (const [i, userId] of userIds.entries()) {
    for (let date = from, n = 0; date <= through; date = addDays(date, 1), n++) {
      if ((i + n) % 5 === 0) continue;
      const energyCents = ((i * 37 + n * 53) % 14) * 50 - 100;
      const categoryCents = Object.fromEntries(
        INSIGHT_CATEGORIES.filter((_, k) => (i + n + k) % 3 < CATEGORY_DAYS).map((type, k) => [
          type,
          25 * ((i + k + n) % 9) - 50,
        ]),
      );
      rows.push({
        userId,
        schoolId: cast.admin.school.id,
        localDate: date,
        balanceCents: energyCents - 150,
        foodCents: 100,
        energyCents,
        stressCents: -150,
        isComplete: false,
        streakLength: 0,
        dayPoints: 0,
        streakPoints: 0,
        categoryCents,
      });
    }
  }
  await t.db.insert(dailySummaries).values(rows);
}

async function insights(): Promise<SchoolInsights> {
  const response = await t.app.inject({
    url: `/api/v1/schools/${cast.admin.school.id}/insights`,
    headers: as(cast.admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function weeksThrough(): Promise<string | undefined> {
  const [row] = await t.db
    .select({ through: schools.insightWeeksThrough })
    .from(schools)
    .where(eq(schools.id, cast.admin.school.id));
  return row?.through;
}

/** The answer computed from the days alone, as before any week was stored. */
async function computedFromDays(): Promise<SchoolInsights> {
  const through = (await weeksThrough()) ?? '';
  const setThrough = (date: string) =>
    t.db
      .update(schools)
      .set({ insightWeeksThrough: date })
      .where(eq(schools.id, cast.admin.school.id));
  await setThrough('1970-01-01');
  const computed = await insights();
  await setThrough(through);
  return computed;
}

const runMaintenance = () => maintenanceJob({ db: t.db, now: t.clock.now }).run({});

beforeAll(async () => {
  t.clock.set(TODAY);
  cast = await seedCast(t);
  students.push(cast.student);
  while (students.length < MIN_INSIGHT_GROUP + 2) {
    students.push(await joinSchool(t.app, cast.admin.school.id));
  }
  // Staff and family members log too; their days count nowhere.
  const people = [...students, cast.staff, cast.community].map((person) => person.id);
  await seedDays(people, '2026-10-19', '2026-11-24');
}, 120_000);

describe('the closed weeks the insights read', () => {
  it('are stored once their days have closed, and answer what the days give', async () => {
    const computed = await insights();
    expect(await weeksThrough()).toBe('1970-01-01');
    // A comparison of figures, not of suppressed nulls.
    expect(computed.weeks.every((week) => week.students === MIN_INSIGHT_GROUP + 2)).toBe(true);
    expect(computed.weeks[0]?.categories.some((c) => c.average !== null)).toBe(true);

    await runMaintenance();
    expect(await weeksThrough()).toBe('2026-11-22');
    expect(await insights()).toEqual(computed);
    const stored = await t.db
      .select({ weekStart: closedWeeks.weekStart })
      .from(closedWeeks)
      .where(eq(closedWeeks.userId, students[0]?.id ?? 0))
      .orderBy(closedWeeks.weekStart);
    expect(stored.map((week) => week.weekStart)).toEqual([
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);

    // Read from the store: a closed day changed behind its back (no write can) moves nothing.
    const changeClosedDay = (cents: number) =>
      t.db
        .update(dailySummaries)
        .set({ energyCents: sql`${dailySummaries.energyCents} + ${cents}` })
        .where(eq(dailySummaries.localDate, '2026-11-20'));
    await changeClosedDay(400);
    expect(await insights()).toEqual(computed);
    expect(await computedFromDays()).not.toEqual(computed);
    await changeClosedDay(-400);
  });

  it('take in the next week when its days close, computed from the days until then', async () => {
    t.clock.set(NEXT_TUESDAY);
    const people = [...students, cast.staff].map((person) => person.id);
    await seedDays(people, '2026-11-25', '2026-11-30');
    const beforeTheJob = await insights();
    expect(beforeTheJob.end_date).toBe('2026-11-29');
    expect(beforeTheJob).toEqual(await computedFromDays());

    await runMaintenance();
    expect(await weeksThrough()).toBe('2026-11-29');
    expect(await insights()).toEqual(beforeTheJob);
  });

  it('leave out a deleted student and one switched to staff, as the days do', async () => {
    const [gone, switched] = students.slice(-2);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${gone?.id}`,
      headers: as(cast.admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await setRoles(t, switched?.id ?? 0, ['staff']);
    const body = await insights();
    expect(body.student_count).toBe(MIN_INSIGHT_GROUP);
    expect(body.weeks.at(-1)?.students).toBe(MIN_INSIGHT_GROUP);
    expect(body).toEqual(await computedFromDays());
    const left = await t.db
      .select()
      .from(closedWeeks)
      .where(eq(closedWeeks.userId, gone?.id ?? 0));
    expect(left).toEqual([]);
  });

  it('lose the category totals retention empties, the week across its last day included', async () => {
    // The interval ended on Wednesday 18 November: with no months of detail kept, the days to it
    // lose their category totals, the 16–22 November week's first three among them.
    await t.db
      .update(semesters)
      .set({ startDate: '2026-08-01', endDate: '2026-11-18' })
      .where(eq(semesters.schoolId, cast.admin.school.id));
    const before = await insights();
    await reduceOldActivityDetail(t.db, t.clock.now(), 0);
    const after = await insights();
    expect(after).toEqual(await computedFromDays());
    expect(after).not.toEqual(before);
    const [emptied, across] = after.weeks.filter((week) =>
      ['2026-11-09', '2026-11-16'].includes(week.start_date),
    );
    expect(emptied?.categories.every((c) => c.average === null)).toBe(true);
    expect(across?.categories.some((c) => c.average !== null)).toBe(true);
    const stillCounted = await t.db
      .select({ weekStart: closedWeeks.weekStart })
      .from(closedWeeks)
      .where(
        and(
          eq(closedWeeks.schoolId, cast.admin.school.id),
          gte(closedWeeks.weekStart, '2026-11-01'),
          lte(closedWeeks.weekStart, '2026-11-09'),
          sql`${closedWeeks.sleep_entries} > 0`,
        ),
      );
    expect(stillCounted).toEqual([]);
  });
});

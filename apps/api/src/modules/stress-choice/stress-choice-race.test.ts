import { type SessionRecord, STRESS_NOTICE_VERSION, summarizeDay } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema.ts';
import { activityCalls, daySummaryRows } from '../../test/activity-calls.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Decision 0073's locks, raced (issue 36 leftovers): a stress rating written while the school's
 * switch goes off, or while the child is opted out. On PostgreSQL the requests really overlap;
 * on PGlite they take turns. Either way no rating may outlive an opt-out, and a rating is stored
 * exactly when its write was answered 200, before the switch.
 */

const t = useTestApp();
let cast: SchoolCast;
beforeAll(async () => {
  // 13:00 at the school (America/Denver): no midnight falls inside the test.
  t.clock.set('2026-11-25T20:00:00Z');
  cast = await seedCast(t);
});

const RATED = { people: 3, money: 2, personal: 4, clock: 1, health: 5 };
const ROUNDS = 4;

const schoolPath = (path: string) => `/api/v1/schools/${cast.admin.school.id}${path}`;

function setSwitch(enabled: boolean) {
  return t.app.inject({
    method: 'PUT',
    url: schoolPath('/stress-check-in'),
    headers: as(cast.admin),
    payload: { enabled, notice_version: STRESS_NOTICE_VERSION },
  });
}

function optOut(student: SessionRecord) {
  return t.app.inject({
    method: 'PUT',
    url: schoolPath(`/students/${student.id}/stress-opt-out`),
    headers: as(cast.admin),
    payload: { opted_out: true, notice_version: STRESS_NOTICE_VERSION },
  });
}

async function storedStress(userId: number) {
  return t.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, 'stress')));
}

describe('a stress rating written at the same time as', () => {
  it("the child's opt-out is never left stored, and their day is counted without it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const child = await joinSchool(t.app, cast.admin.school.id);
      const calls = activityCalls(t, child.token);
      await calls.putOk('sleep', { minutes: 540 });
      const [write, out] = await Promise.all([calls.put('stress', RATED), optOut(child)]);
      expect(out.statusCode, out.body).toBe(200);
      expect([200, 409]).toContain(write.statusCode);
      expect(await storedStress(child.id)).toEqual([]);
      const [day] = await daySummaryRows(t, child.id);
      const rows = await t.db.select().from(activities).where(eq(activities.userId, child.id));
      const scored = rows.map((row) => ({
        activity_type: row.activityType,
        total_cents: row.totalCents,
        values: row.properties,
      }));
      const calendar = {
        date: day?.localDate ?? '',
        lastKept: undefined,
        holidays: new Set<string>(),
      };
      expect(day).toMatchObject(summarizeDay(scored, calendar, false));
    }
  });

  it("the school's switch going off is stored only when answered 200, and refused after", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      expect((await setSwitch(true)).statusCode).toBe(200);
      const child = await joinSchool(t.app, cast.admin.school.id);
      const calls = activityCalls(t, child.token);
      const [write, off] = await Promise.all([calls.put('stress', RATED), setSwitch(false)]);
      expect(off.statusCode, off.body).toBe(200);
      expect([200, 409]).toContain(write.statusCode);
      expect(await storedStress(child.id)).toHaveLength(write.statusCode === 200 ? 1 : 0);
      // Answered 200, it ran wholly before the switch: its day was counted with stress on.
      const [day] = await daySummaryRows(t, child.id);
      if (write.statusCode === 200) {
        const [row] = await storedStress(child.id);
        expect(day?.stressCents).toBe(row?.totalCents);
      } else {
        expect(day).toBeUndefined();
      }
      const late = await calls.put('stress', RATED);
      expect(late.statusCode).toBe(409);
      expect(await storedStress(child.id)).toHaveLength(write.statusCode === 200 ? 1 : 0);
    }
  });
});

import { addDays } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailySummaries, semesters, users } from '../../db/schema.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { recomputeSchoolPoints } from './points.service.ts';

const t = useTestApp();

async function addDay(userId: number, schoolId: number, localDate: string, points: number) {
  await t.db.insert(dailySummaries).values({
    userId,
    schoolId,
    localDate,
    balanceCents: points * 10,
    foodCents: 0,
    energyCents: points * 10,
    stressCents: 0,
    isComplete: false,
    streakLength: 0,
    dayPoints: points,
    streakPoints: 5,
  });
}

async function pointsOf(userId: number): Promise<number> {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points ?? Number.NaN;
}

describe('recomputeSchoolPoints', () => {
  it('sums day and streak points of the days inside the active interval only', async () => {
    const coordinator = await signUpSchool(t.app);
    const schoolId = coordinator.school.id;
    const [active] = await t.db
      .select()
      .from(semesters)
      .where(and(eq(semesters.schoolId, schoolId), eq(semesters.isActive, true)));
    if (!active) throw new Error('a new school has an active interval');

    await addDay(coordinator.id, schoolId, active.startDate, 40);
    await addDay(coordinator.id, schoolId, addDays(active.startDate, 1), -12);
    await addDay(coordinator.id, schoolId, addDays(active.startDate, -1), 1000);
    await recomputeSchoolPoints(t.db, schoolId);
    expect(await pointsOf(coordinator.id)).toBe(40 + 5 - 12 + 5);

    await t.db.update(semesters).set({ isActive: false }).where(eq(semesters.id, active.id));
    await recomputeSchoolPoints(t.db, schoolId);
    expect(await pointsOf(coordinator.id)).toBe(0);
  });

  it('leaves other schools untouched', async () => {
    const a = await signUpSchool(t.app);
    const b = await signUpSchool(t.app);
    await t.db.update(users).set({ points: 77 }).where(eq(users.id, b.id));
    await recomputeSchoolPoints(t.db, a.school.id);
    expect(await pointsOf(b.id)).toBe(77);
  });
});

import { addDays, type PersonalBadges } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailySummaries, personalBadges } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

/** Monday 2 November 2026, noon in Denver (the test schools' zone). */
const MONDAY = '2026-11-02';
const noonOf = (date: string) => `${date}T19:00:00Z`;

const badgesOf = async (user: EmailSession, of = user) => {
  const response = await t.app.inject({
    url: `/api/v1/users/${of.id}/personal-badges`,
    headers: as(user),
  });
  return { status: response.statusCode, body: response.json() as PersonalBadges };
};
const celebrate = (user: EmailSession, badge: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${user.id}/personal-badges/${badge}/celebration`,
    headers: as(user),
  });

async function studentWithFullDays(days: number) {
  t.clock.set(noonOf(MONDAY));
  const school = await signUpSchool(t.app);
  const student = await joinSchool(t.app, school.school.id);
  for (let i = 0; i < days; i++) {
    t.clock.set(noonOf(addDays(MONDAY, i)));
    await activityCalls(t, student.token).logFullDay();
  }
  return student;
}

describe('personal badges', () => {
  it('five full days in a row earn their badges, each dated by the day it was earned', async () => {
    const student = await studentWithFullDays(5);
    const { status, body } = await badgesOf(student);
    expect(status).toBe(200);
    expect(body.badges).toEqual([
      { badge: 'first_complete_day', earned_on: MONDAY, celebrated: false },
      { badge: 'five_day_streak', earned_on: addDays(MONDAY, 4), celebrated: false },
      // $19 days are green, and all five are in one week.
      { badge: 'green_week', earned_on: addDays(MONDAY, 4), celebrated: false },
    ]);
  });

  it('a celebration shows once, and an earned badge stays when its days are gone', async () => {
    const student = await studentWithFullDays(1);
    expect((await badgesOf(student)).body.badges).toHaveLength(1);
    expect((await celebrate(student, 'first_complete_day')).statusCode).toBe(204);
    await t.db.delete(dailySummaries).where(eq(dailySummaries.userId, student.id));
    expect((await badgesOf(student)).body.badges).toEqual([
      { badge: 'first_complete_day', earned_on: MONDAY, celebrated: true },
    ]);
  });

  it('a badge not earned cannot be celebrated, nor can a name that is no badge', async () => {
    const student = await studentWithFullDays(1);
    await badgesOf(student);
    expect((await celebrate(student, 'sleep_week')).statusCode).toBe(404);
    expect((await celebrate(student, 'stress_free')).statusCode).toBe(404);
    expect((await badgesOf(student)).body.badges[0]?.celebrated).toBe(false);
  });

  it("are one's own: a classmate's are not found, and nothing is stored for them", async () => {
    const student = await studentWithFullDays(1);
    const classmate = await joinSchool(t.app, student.school.id);
    expect((await badgesOf(classmate, student)).status).toBe(404);
    const stored = await t.db
      .select()
      .from(personalBadges)
      .where(eq(personalBadges.userId, student.id));
    expect(stored).toEqual([]);
  });

  it('a look writes nothing, and parallel celebrations keep the badge once', async () => {
    const student = await studentWithFullDays(1);
    await badgesOf(student);
    const storedFor = (id: number) =>
      t.db.select().from(personalBadges).where(eq(personalBadges.userId, id));
    expect(await storedFor(student.id)).toEqual([]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => celebrate(student, 'first_complete_day')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204, 204]);
    expect((await storedFor(student.id)).map((row) => row.badge)).toEqual(['first_complete_day']);
  });
});

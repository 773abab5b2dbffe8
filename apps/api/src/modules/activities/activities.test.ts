import { ACTIVITY_TYPES, MESSAGES } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, piggyBanks, semesters } from '../../db/schema.ts';
import { asProperties, daySummaryRows, userRowOf } from '../../test/activity-calls.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { FULL_DAY, type Properties } from '../../test/full-day.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

const HOUR_MS = 60 * 60 * 1000;

function put(token: string, type: string, values: Properties, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/activities/${type}`,
    headers: bearer(token),
    payload: { activity: { activity_type: type, properties: asProperties(values), ...extra } },
  });
}

async function putOk(token: string, type: string, values: Properties) {
  const response = await put(token, type, values);
  if (response.statusCode !== 200) throw new Error(`PUT ${type} failed: ${response.body}`);
  return response.json();
}

async function today(token: string) {
  const response = await t.app.inject({ url: '/api/v1/activities', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as { activity_type: string; total: number; properties: unknown[] }[];
}

async function usablePiggyBanks(token: string) {
  const response = await t.app.inject({ url: '/api/v1/piggy-banks', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; earned_on: string }[];
}

const summariesOf = (userId: number) => daySummaryRows(t, userId);
const userRow = (userId: number) => userRowOf(t, userId);

async function logFullDay(token: string) {
  for (const type of ACTIVITY_TYPES) await putOk(token, type, FULL_DAY[type]);
}

describe('PUT /activities/{type}', () => {
  it.each([
    ['sleep', { minutes: 540 }, 4, [4.5]],
    ['sleep', { minutes: 30 }, 0, [0.25]],
    ['water', { cups: 3, fruit: 1, vegetables: 0 }, 2, [1.5, 0.5, 0]],
    [
      'fitness',
      { vigorous_duration: 10, moderate_duration: 15, piggy_bank: 0 },
      3.25,
      [2.5, 0.75, 0],
    ],
    ['food', { green: 2, yellow: 1, red: 2 }, -0.75, [0.5, -0.25, -1]],
    ['rest', { duration: 3 }, 0.38, [0.38]],
    ['sunshine', { duration: 30 }, 2, [3.75]],
    ['cleanliness', { teeth: 2, body: 1, floss: 0 }, 1.5, [1, 0.5, 0]],
    [
      'stress',
      { people: 2, money: 5, personal: 1, clock: 3, health: 0 },
      -1.75,
      [-0.25, -1, 0, -0.5, 0],
    ],
  ] as const)(
    'saves %s %o with a server-computed total of %d and reads it back',
    async (type, values, total, propertyTotals) => {
      const user = await signUpSchool(t.app);
      const saved = await putOk(user.token, type, values);
      const expected = {
        activity_type: type,
        total,
        properties: Object.entries(values).map(([key, value], index) => ({
          property_key: key,
          property_value: value,
          property_total: propertyTotals[index],
        })),
      };
      expect(saved).toEqual(expected);
      expect(await today(user.token)).toEqual([expected]);
    },
  );

  it('ignores the total a client sends and scores the properties itself', async () => {
    const user = await signUpSchool(t.app);
    const response = await put(user.token, 'water', { cups: 2 }, { total: 999 });
    expect(response.json().total).toBe(1);
    const [row] = await t.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(row?.totalCents).toBe(100);
  });

  it('accepts the stress body form without activity_type or total', async () => {
    const user = await signUpSchool(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/activities/stress',
      headers: bearer(user.token),
      payload: { activity: { properties: asProperties({ people: 4, money: 2 }) } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ activity_type: 'stress', total: -1 });
  });

  it('replaces the day’s activity of that type instead of adding another', async () => {
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'water', { cups: 8 });
    await putOk(user.token, 'water', { cups: 1, fruit: 1 });
    expect(await today(user.token)).toEqual([
      {
        activity_type: 'water',
        total: 1,
        properties: [
          { property_key: 'cups', property_value: 1, property_total: 0.5 },
          { property_key: 'fruit', property_value: 1, property_total: 0.5 },
        ],
      },
    ]);
    expect(await t.db.select().from(activities).where(eq(activities.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('lists the day in the product’s category order', async () => {
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'stress', { people: 1 });
    await putOk(user.token, 'cleanliness', { teeth: 1 });
    await putOk(user.token, 'sleep', { minutes: 60 });
    const types = (await today(user.token)).map((a) => a.activity_type);
    expect(types).toEqual(['sleep', 'cleanliness', 'stress']);
  });

  it('shows each user only their own day', async () => {
    const coordinator = await signUpSchool(t.app);
    const student = await joinSchool(t.app, coordinator.school.id);
    await putOk(coordinator.token, 'sleep', { minutes: 480 });
    expect(await today(student.token)).toEqual([]);
  });

  it('answers 401 without a token, for reads and writes', async () => {
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/activities/water',
      payload: { activity: { properties: [] } },
    });
    expect(write.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/activities' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/piggy-banks' })).statusCode).toBe(401);
  });
});

describe('PUT /activities/{type} with bad input', () => {
  const cases: [string, string, unknown, string][] = [
    ['an unknown type', 'dance', [], 'Unknown activity type "dance"'],
    ['the route name hygiene', 'hygiene', [], 'hygiene is logged as "cleanliness"'],
    [
      'an unknown property key',
      'water',
      [{ property_key: 'soda', property_value: 1 }],
      'Unknown property "soda" for water',
    ],
    [
      'a stress key on another type',
      'sleep',
      [{ property_key: 'people', property_value: 1 }],
      'Unknown property "people"',
    ],
    [
      'a negative value',
      'water',
      [{ property_key: 'cups', property_value: -1 }],
      'Property values cannot be negative',
    ],
    [
      'a fraction',
      'water',
      [{ property_key: 'cups', property_value: 1.5 }],
      'Property values must be whole numbers',
    ],
    [
      'a value that is not a number',
      'water',
      [{ property_key: 'cups', property_value: '3' }],
      'Each property needs a numeric property_value',
    ],
    [
      'a stress rating above 5',
      'stress',
      [{ property_key: 'money', property_value: 6 }],
      'money must be at most 5',
    ],
    [
      'more than a day of sleep',
      'sleep',
      [{ property_key: 'minutes', property_value: 1441 }],
      'minutes must be at most 1440',
    ],
    [
      'more than a day of exercise in total',
      'fitness',
      [
        { property_key: 'vigorous_duration', property_value: 800 },
        { property_key: 'moderate_duration', property_value: 700 },
      ],
      'A day has at most 1440 minutes of exercise',
    ],
    [
      'an absurd counter',
      'water',
      [{ property_key: 'cups', property_value: 51 }],
      'cups must be at most 50',
    ],
    ['a huge number', 'food', [{ property_key: 'red', property_value: 1e300 }], 'must be'],
    [
      'a piggy bank count above 1',
      'fitness',
      [{ property_key: 'piggy_bank', property_value: 2 }],
      'piggy_bank must be at most 1',
    ],
    [
      'a key listed twice',
      'water',
      [
        { property_key: 'cups', property_value: 1 },
        { property_key: 'cups', property_value: 2 },
      ],
      'Property "cups" is listed twice',
    ],
    [
      'too many properties',
      'water',
      Array.from({ length: 11 }, () => ({ property_key: 'cups', property_value: 1 })),
      'Too many properties',
    ],
  ];

  it.each(cases)(
    'refuses %s with 422 and writes nothing',
    async (_name, type, properties, message) => {
      const user = await signUpSchool(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/activities/${type}`,
        headers: bearer(user.token),
        payload: { activity: { properties } },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toContain(message);
      expect(await today(user.token)).toEqual([]);
      expect(await summariesOf(user.id)).toEqual([]);
      expect((await userRow(user.id)).lastActivityLoggedAt).toBeNull();
    },
  );

  it('refuses an activity_type that disagrees with the address', async () => {
    const user = await signUpSchool(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/activities/water',
      headers: bearer(user.token),
      payload: { activity: { activity_type: 'sleep', properties: [] } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('activity_type "sleep" does not match the address (water)');
  });

  it('refuses a body without an activity, and malformed JSON with 400', async () => {
    const user = await signUpSchool(t.app);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/activities/water',
      headers: bearer(user.token),
      payload: { properties: [] },
    });
    expect(missing.statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/activities/water',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"activity":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 to a caller without a session before looking at the body', async () => {
    for (const payload of ['{"activity":', '{"activity":{"properties":"x"}}']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/activities/water',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('daily summary and points', () => {
  it('keeps the day’s summary, the user’s points and last activity current on every write', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'sleep', { minutes: 540 });
    await putOk(user.token, 'food', { red: 3 });
    const lastWriteStart = t.clock.now().getTime();
    await putOk(user.token, 'stress', { people: 3 });
    expect(await summariesOf(user.id)).toEqual([
      {
        userId: user.id,
        schoolId: user.school.id,
        localDate: '2026-11-10',
        balanceCents: 400 - 150 - 50,
        foodCents: -150,
        energyCents: 250,
        stressCents: -50,
        isComplete: false,
        streakLength: 0,
        restDays: 0,
        dayPoints: 20,
        streakPoints: 0,
        // For the school insights' weekly averages: every category but stress (decision 0032).
        categoryCents: { sleep: 400, food: -150 },
      },
    ]);
    const row = await userRow(user.id);
    expect(row.points).toBe(20);
    const loggedAt = row.lastActivityLoggedAt?.getTime() ?? 0;
    expect(loggedAt).toBeGreaterThanOrEqual(lastWriteStart);
    expect(loggedAt).toBeLessThanOrEqual(t.clock.now().getTime());

    await putOk(user.token, 'food', { green: 4 });
    expect((await userRow(user.id)).points).toBe(45);
  });

  it('earns streak points on consecutive complete days', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await logFullDay(user.token);
    t.clock.advance(24 * HOUR_MS);
    await logFullDay(user.token);
    const days = await summariesOf(user.id);
    expect(days.map((d) => [d.localDate, d.isComplete, d.streakLength, d.streakPoints])).toEqual([
      ['2026-11-10', true, 1, 5],
      ['2026-11-11', true, 2, 10],
    ]);
    expect((await userRow(user.id)).points).toBe(190 + 5 + 190 + 10);

    // Unsetting a stress rating makes today incomplete again: its streak points go.
    await putOk(user.token, 'stress', { ...FULL_DAY.stress, health: 0 });
    expect((await userRow(user.id)).points).toBe(190 + 5 + 190);
  });

  it('does not count a day outside the active interval, though it keeps its summary', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await t.db
      .update(semesters)
      .set({ isActive: false })
      .where(eq(semesters.schoolId, user.school.id));
    await putOk(user.token, 'water', { cups: 4 });
    expect((await userRow(user.id)).points).toBe(0);
    expect((await summariesOf(user.id))[0]?.dayPoints).toBe(20);
  });

  it('loses neither an activity nor the summary when writes of one user arrive together', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    const sameType = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((cups) => put(user.token, 'water', { cups })),
    );
    expect(sameType.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const responses = await Promise.all(
      ACTIVITY_TYPES.map((type) => put(user.token, type, FULL_DAY[type])),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ACTIVITY_TYPES.map(() => 200));
    const rows = await t.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(rows).toHaveLength(8);
    const [summary] = await summariesOf(user.id);
    expect(summary).toMatchObject({ isComplete: true, balanceCents: 1900, streakPoints: 5 });
    expect((await userRow(user.id)).points).toBe(190 + 5);
  });
});

describe('today in the school’s time zone', () => {
  it('starts a new day at midnight in New York three hours before Los Angeles', async () => {
    t.clock.set('2026-11-10T04:00:00Z'); // 23:00 on the 9th in New York, 20:00 in Los Angeles
    const newYork = await signUpSchool(t.app, { timeZone: 'America/New_York' });
    const losAngeles = await signUpSchool(t.app, { timeZone: 'America/Los_Angeles' });
    await putOk(newYork.token, 'sleep', { minutes: 480 });
    await putOk(losAngeles.token, 'sleep', { minutes: 480 });
    expect((await summariesOf(newYork.id))[0]?.localDate).toBe('2026-11-09');

    t.clock.set('2026-11-10T06:00:00Z'); // 01:00 on the 10th in New York, 22:00 on the 9th in LA
    expect(await today(newYork.token)).toEqual([]);
    expect(await today(losAngeles.token)).toHaveLength(1);
    await putOk(newYork.token, 'water', { cups: 2 });
    expect((await summariesOf(newYork.id)).map((d) => d.localDate)).toEqual([
      '2026-11-09',
      '2026-11-10',
    ]);

    t.clock.set('2026-11-10T08:30:00Z'); // 00:30 on the 10th in Los Angeles
    expect(await today(losAngeles.token)).toEqual([]);
    expect(await today(newYork.token)).toHaveLength(1);
  });
});

describe('piggy banks', () => {
  const fitness = (vigorous: number, piggyBank: number) => ({
    vigorous_duration: vigorous,
    moderate_duration: 0,
    piggy_bank: piggyBank,
  });

  async function piggyBankRows(userId: number) {
    return t.db.select().from(piggyBanks).where(eq(piggyBanks.userId, userId));
  }

  it('earns one on a day with $8 of exercise, usable from the next day', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'fitness', fitness(31, 0)); // $7.75
    expect(await piggyBankRows(user.id)).toEqual([]);
    await putOk(user.token, 'fitness', { vigorous_duration: 20, moderate_duration: 60 }); // $8.00
    await putOk(user.token, 'fitness', fitness(32, 0));
    expect((await piggyBankRows(user.id)).map((p) => p.earnedOn)).toEqual(['2026-11-10']);
    expect(await usablePiggyBanks(user.token)).toEqual([]);

    const sameDay = await put(user.token, 'fitness', fitness(32, 1));
    expect(sameDay.statusCode).toBe(422);
    expect(sameDay.json().error).toBe(MESSAGES.noSavings);

    t.clock.advance(24 * HOUR_MS);
    const [piggyBank] = await usablePiggyBanks(user.token);
    expect(piggyBank).toEqual({ id: expect.any(Number), earned_on: '2026-11-10' });
  });

  it('is removed again when the same day’s edit drops below $8', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'fitness', fitness(40, 0));
    await putOk(user.token, 'fitness', fitness(31, 0));
    expect(await piggyBankRows(user.id)).toEqual([]);
  });

  it('"Use savings" adds $4 to fitness and "Undo savings" takes it back', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'fitness', fitness(32, 0));
    t.clock.advance(24 * HOUR_MS);

    const used = await putOk(user.token, 'fitness', fitness(4, 1));
    expect(used.total).toBe(5);
    expect(await usablePiggyBanks(user.token)).toEqual([]);
    // Saving again with savings already in use spends nothing more.
    expect((await putOk(user.token, 'fitness', fitness(8, 1))).total).toBe(6);
    expect(await piggyBankRows(user.id)).toMatchObject([
      { earnedOn: '2026-11-10', spentOn: '2026-11-11' },
    ]);
    expect((await userRow(user.id)).points).toBe(60 + 60);

    const undone = await putOk(user.token, 'fitness', fitness(8, 0));
    expect(undone.total).toBe(2);
    expect(await usablePiggyBanks(user.token)).toHaveLength(1);
    expect((await userRow(user.id)).points).toBe(60 + 20);
  });

  it('spends the oldest first, each only once', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    await putOk(user.token, 'fitness', fitness(32, 0));
    t.clock.advance(24 * HOUR_MS);
    await putOk(user.token, 'fitness', fitness(32, 0));
    t.clock.advance(24 * HOUR_MS);
    await putOk(user.token, 'fitness', fitness(0, 1));
    expect((await usablePiggyBanks(user.token)).map((p) => p.earned_on)).toEqual(['2026-11-11']);
    t.clock.advance(24 * HOUR_MS);
    await putOk(user.token, 'fitness', fitness(0, 1));
    t.clock.advance(24 * HOUR_MS);
    const none = await put(user.token, 'fitness', fitness(0, 1));
    expect(none.statusCode).toBe(422);
  });

  it('refuses "Use savings" without savings (422) and writes nothing', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const user = await signUpSchool(t.app);
    const response = await put(user.token, 'fitness', fitness(10, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(MESSAGES.noSavings);
    expect(await today(user.token)).toEqual([]);
    expect(await summariesOf(user.id)).toEqual([]);
  });

  it('lists only the caller’s own savings', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const coordinator = await signUpSchool(t.app);
    const student = await joinSchool(t.app, coordinator.school.id);
    await putOk(coordinator.token, 'fitness', fitness(32, 0));
    t.clock.advance(24 * HOUR_MS);
    expect(await usablePiggyBanks(coordinator.token)).toHaveLength(1);
    expect(await usablePiggyBanks(student.token)).toEqual([]);
    const rows = await t.db
      .select()
      .from(piggyBanks)
      .where(and(eq(piggyBanks.userId, student.id)));
    expect(rows).toEqual([]);
  });
});

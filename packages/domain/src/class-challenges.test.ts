import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, PROPERTY_KEYS } from './activities.ts';
import {
  CLASS_CHALLENGE_KINDS,
  CLASS_CHALLENGE_RULES,
  challengeMeter,
  challengeProgress,
  challengeStatus,
  type LoggedDay,
} from './class-challenges.ts';
import { classChallengeCreateSchema } from './class-challenges-wire.ts';

const kind = fc.constantFrom(...CLASS_CHALLENGE_KINDS);
const loggedDay: fc.Arbitrary<LoggedDay> = fc
  .constantFrom(...ACTIVITY_TYPES)
  .chain((category) =>
    fc
      .record(
        Object.fromEntries(
          PROPERTY_KEYS[category].map((key) => [key, fc.integer({ min: 0, max: 900 })]),
        ) as Record<string, fc.Arbitrary<number>>,
      )
      .map((properties) => ({ category, properties })),
  );
const days = fc.array(loggedDay, { maxLength: 60 });

describe('class challenge meter', () => {
  it('is the sum over the logged days of what each adds', () => {
    fc.assert(
      fc.property(kind, days, (k, logged) => {
        const rule = CLASS_CHALLENGE_RULES[k];
        const expected = logged
          .filter((d) => d.category === rule.category)
          .reduce((sum, d) => sum + rule.dayAmount(d.properties), 0);
        expect(challengeMeter(k, logged)).toBe(expected);
        // A sum: split anywhere, the parts add up to the whole.
        const cut = Math.floor(logged.length / 2);
        expect(challengeMeter(k, logged.slice(0, cut)) + challengeMeter(k, logged.slice(cut))).toBe(
          challengeMeter(k, logged),
        );
      }),
    );
  });

  it('never reads stress: stress days, whatever their ratings, change nothing', () => {
    const stressDay = fc
      .record({
        people: fc.integer({ min: 0, max: 5 }),
        money: fc.integer({ min: 0, max: 5 }),
        personal: fc.integer({ min: 0, max: 5 }),
        clock: fc.integer({ min: 0, max: 5 }),
        health: fc.integer({ min: 0, max: 5 }),
      })
      .map((properties): LoggedDay => ({ category: 'stress', properties }));
    fc.assert(
      fc.property(kind, days, fc.array(stressDay, { maxLength: 20 }), (k, logged, stress) => {
        const reads: string[] = [];
        const spied = stress.map((d) => ({
          category: d.category,
          properties: new Proxy(d.properties, {
            get(target, key) {
              reads.push(String(key));
              return Reflect.get(target, key);
            },
          }),
        }));
        expect(challengeMeter(k, [...logged, ...spied])).toBe(challengeMeter(k, logged));
        expect(reads).toEqual([]);
      }),
    );
    for (const k of CLASS_CHALLENGE_KINDS) {
      expect(CLASS_CHALLENGE_RULES[k].category).not.toBe('stress');
    }
  });

  it('a day adds a whole number, never less than nothing, so the meter only grows', () => {
    fc.assert(
      fc.property(kind, loggedDay, (k, day) => {
        const added = CLASS_CHALLENGE_RULES[k].dayAmount(day.properties);
        expect(Number.isInteger(added) && added >= 0).toBe(true);
      }),
    );
  });

  it('counts cups, nights of 9 hours and days of 30 active minutes', () => {
    expect(challengeMeter('water_cups', [{ category: 'water', properties: { cups: 6 } }])).toBe(6);
    const sleep = (minutes: number): LoggedDay => ({ category: 'sleep', properties: { minutes } });
    expect(challengeMeter('sleep_nights', [sleep(540), sleep(539), sleep(600)])).toBe(2);
    const fit = (moderate: number, vigorous: number): LoggedDay => ({
      category: 'fitness',
      properties: { moderate_duration: moderate, vigorous_duration: vigorous },
    });
    expect(challengeMeter('active_days', [fit(20, 10), fit(29, 0)])).toBe(1);
  });

  it('fills from 0 to 1', () => {
    expect(challengeProgress(50, 100)).toBe(0.5);
    expect(challengeProgress(150, 100)).toBe(1);
  });
});

describe('class challenge status and input', () => {
  it('runs through its last day, unless ended early', () => {
    const c = { endsOn: '2026-11-08', endedEarly: false };
    expect(challengeStatus(c, '2026-11-08')).toBe('running');
    expect(challengeStatus(c, '2026-11-09')).toBe('finished');
    expect(challengeStatus({ ...c, endedEarly: true }, '2026-11-03')).toBe('ended_early');
  });

  it('takes a kind, a homeroom or a grade, and a whole goal; no stress kind', () => {
    const ok = { kind: 'water_cups', scope: 'homeroom', class_name: ' Room 4 ', target: 100 };
    expect(classChallengeCreateSchema.parse(ok).class_name).toBe('Room 4');
    for (const bad of [
      { ...ok, kind: 'stress_free' },
      { ...ok, target: 0 },
      { ...ok, target: 2.5 },
      { ...ok, class_name: '' },
      { ...ok, scope: 'grade', class_name: 'Room 4' },
      { ...ok, extra: 1 },
    ]) {
      expect(classChallengeCreateSchema.safeParse(bad).success).toBe(false);
    }
  });
});

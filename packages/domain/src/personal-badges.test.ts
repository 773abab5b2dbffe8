import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORING } from './activities.ts';
import { addDays } from './dates.ts';
import { type BadgeDay, earnedPersonalBadges, PERSONAL_BADGES } from './personal-badges.ts';

const MONDAY = '2026-11-02';
const plain: Omit<BadgeDay, 'localDate'> = {
  isComplete: false,
  streakLength: 0,
  energyCents: 0,
  sleepCents: undefined,
};
const day = (offset: number, fields: Partial<BadgeDay> = {}): BadgeDay => ({
  ...plain,
  localDate: addDays(MONDAY, offset),
  ...fields,
});
const badgesOf = (days: BadgeDay[], today = '2026-12-31') =>
  Object.fromEntries(earnedPersonalBadges(days, today).map((b) => [b.badge, b.earnedOn]));

describe('personal badges', () => {
  it('nothing logged earns nothing', () => {
    expect(earnedPersonalBadges([], '2026-12-31')).toEqual([]);
  });

  it('first complete day and a five-day streak are dated by the day they happened', () => {
    const days = [0, 1, 2, 3, 4, 5].map((i) => day(i, { isComplete: true, streakLength: i + 1 }));
    expect(badgesOf(days)).toMatchObject({
      first_complete_day: '2026-11-02',
      five_day_streak: '2026-11-06',
    });
  });

  it('a green week needs five green days inside one Monday-to-Sunday week', () => {
    const green = { energyCents: 100 };
    // Thursday to Monday: five green days in a row, but across two weeks.
    const split = [3, 4, 5, 6, 7].map((i) => day(i, green));
    expect(badgesOf(split).green_week).toBeUndefined();
    const inOneWeek = [0, 1, 2, 4, 6].map((i) => day(i, green));
    expect(badgesOf(inOneWeek).green_week).toBe('2026-11-08');
    // 99 cents is yellow, not green.
    expect(badgesOf([0, 1, 2, 3, 4].map((i) => day(i, { energyCents: 99 }))).green_week).toBe(
      undefined,
    );
  });

  it('a sleep week needs the most sleep pays on all seven nights of a week', () => {
    const full = { sleepCents: SCORING.sleep.maxCents };
    expect(badgesOf([0, 1, 2, 3, 4, 5, 6].map((i) => day(i, full))).sleep_week).toBe('2026-11-08');
    const oneShort = [0, 1, 2, 3, 4, 5].map((i) => day(i, full));
    oneShort.push(day(6, { sleepCents: SCORING.sleep.maxCents - 1 }));
    expect(badgesOf(oneShort).sleep_week).toBeUndefined();
  });

  it('a better week beats the finished week before it, and only once that week is over', () => {
    const days = [day(0, { energyCents: 50 }), day(8, { energyCents: 60 })];
    expect(badgesOf(days, '2026-11-15').better_week).toBeUndefined(); // its Sunday is today
    expect(badgesOf(days, '2026-11-16').better_week).toBe('2026-11-15');
    expect(badgesOf([day(0, { energyCents: 60 }), day(8, { energyCents: 60 })]).better_week).toBe(
      undefined,
    );
    // A week with nothing logged in between: nothing to be better than.
    expect(badgesOf([day(0, { energyCents: 10 }), day(15, { energyCents: 60 })]).better_week).toBe(
      undefined,
    );
  });

  const arbitraryDays = fc
    .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 })
    .chain((offsets) =>
      fc.tuple(
        ...offsets.map((offset) =>
          fc.record({
            localDate: fc.constant(addDays(MONDAY, offset)),
            isComplete: fc.boolean(),
            streakLength: fc.integer({ min: 0, max: 10 }),
            energyCents: fc.integer({ min: -800, max: 2000 }),
            sleepCents: fc.option(fc.integer({ min: -50, max: 300 }), { nil: undefined }),
          }),
        ),
      ),
    );

  it('for any days: each badge at most once, earned on a day that exists or a past Sunday', () => {
    fc.assert(
      fc.property(arbitraryDays, (days) => {
        const earned = earnedPersonalBadges(days, '2027-03-01');
        expect(new Set(earned.map((b) => b.badge)).size).toBe(earned.length);
        for (const { badge, earnedOn } of earned) {
          expect(PERSONAL_BADGES).toContain(badge);
          if (badge !== 'better_week') expect(days.map((d) => d.localDate)).toContain(earnedOn);
          else expect(new Date(`${earnedOn}T00:00:00Z`).getUTCDay()).toBe(0);
        }
      }),
    );
  });

  it('for any days: the order they arrive in and a later day never take a badge away', () => {
    fc.assert(
      fc.property(arbitraryDays, (days) => {
        const earned = earnedPersonalBadges(days, '2027-03-01');
        expect(earnedPersonalBadges([...days].reverse(), '2027-03-01')).toEqual(earned);
        const later = day(200, { isComplete: true, streakLength: 1, energyCents: 500 });
        const withLater = earnedPersonalBadges([...days, later], '2027-12-01');
        for (const badge of earned) expect(withLater).toContainEqual(badge);
      }),
    );
  });
});

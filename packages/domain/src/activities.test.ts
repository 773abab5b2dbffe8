import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ActivityType,
  activityTotalCents,
  dashboardMaxCents,
  earnsPiggyBank,
  exerciseEarningsCents,
  isActivityType,
  PIGGY_BANK_THRESHOLD_CENTS,
  PROPERTY_KEYS,
  propertyTotalCents,
  SCORING,
  STRESS_KEYS,
  stressRatingCents,
} from './activities.ts';

/** SPEC.md §9, written out again by hand in cents so the test does not trust the table it checks. */
const CLAMPS: Record<Exclude<ActivityType, 'stress'>, [min: number, max: number]> = {
  fitness: [0, 600],
  rest: [0, 200],
  sunshine: [0, 200],
  sleep: [0, 400],
  water: [0, 400],
  food: [-400, 400],
  cleanliness: [0, 200],
};
const SCORED_TYPES = Object.keys(CLAMPS) as Exclude<ActivityType, 'stress'>[];

describe('activityTotalCents', () => {
  describe('fitness', () => {
    it('earns 25 cents per minute of vigorous exercise', () => {
      expect(activityTotalCents('fitness', { vigorous_duration: 1 })).toBe(25);
      expect(activityTotalCents('fitness', { vigorous_duration: 10 })).toBe(250);
    });
    it('earns 5 cents per minute of moderate exercise', () => {
      expect(activityTotalCents('fitness', { moderate_duration: 1 })).toBe(5);
      expect(activityTotalCents('fitness', { moderate_duration: 30 })).toBe(150);
    });
    it('adds $4 for a used piggy bank', () => {
      expect(activityTotalCents('fitness', { piggy_bank: 1 })).toBe(400);
      expect(activityTotalCents('fitness', { piggy_bank: 1, moderate_duration: 20 })).toBe(500);
    });
    it('adds the kinds of exercise together', () => {
      expect(activityTotalCents('fitness', { vigorous_duration: 4, moderate_duration: 10 })).toBe(
        150,
      );
    });
    it('clamps at $6, above the $4 shown as the dashboard maximum', () => {
      expect(activityTotalCents('fitness', { vigorous_duration: 16 })).toBe(400);
      expect(activityTotalCents('fitness', { vigorous_duration: 24 })).toBe(600);
      expect(activityTotalCents('fitness', { vigorous_duration: 25 })).toBe(600);
      expect(activityTotalCents('fitness', { vigorous_duration: 30, piggy_bank: 1 })).toBe(600);
    });
    it('is $0 with nothing logged', () => {
      expect(activityTotalCents('fitness', {})).toBe(0);
    });
  });

  describe.each(['rest', 'sunshine'] as const)('%s', (type) => {
    it('earns 12.5 cents per minute', () => {
      expect(activityTotalCents(type, { duration: 2 })).toBe(25);
      expect(activityTotalCents(type, { duration: 8 })).toBe(100);
    });
    it('rounds a half cent away from zero', () => {
      expect(activityTotalCents(type, { duration: 1 })).toBe(13);
    });
    it('clamps at $2', () => {
      expect(activityTotalCents(type, { duration: 16 })).toBe(200);
      expect(activityTotalCents(type, { duration: 18 })).toBe(200);
      expect(activityTotalCents(type, { duration: 600 })).toBe(200);
    });
  });

  describe('sleep', () => {
    it('starts at -$0.50 and earns $1 per 120 minutes', () => {
      expect(activityTotalCents('sleep', { minutes: 90 })).toBe(25);
      expect(activityTotalCents('sleep', { minutes: 180 })).toBe(100);
      expect(activityTotalCents('sleep', { minutes: 480 })).toBe(350);
    });
    it('reaches its $4 maximum at 540 minutes (9 hours)', () => {
      expect(activityTotalCents('sleep', { minutes: 510 })).toBe(375);
      expect(activityTotalCents('sleep', { minutes: 540 })).toBe(400);
    });
    it('clamps above 9 hours at $4', () => {
      expect(activityTotalCents('sleep', { minutes: 570 })).toBe(400);
      expect(activityTotalCents('sleep', { minutes: 1440 })).toBe(400);
    });
    it('is $0 at 60 minutes, where the start and the earnings cancel', () => {
      expect(activityTotalCents('sleep', { minutes: 60 })).toBe(0);
    });
    it('clamps the negative start to $0 below 60 minutes', () => {
      expect(activityTotalCents('sleep', {})).toBe(0);
      expect(activityTotalCents('sleep', { minutes: 0 })).toBe(0);
      expect(activityTotalCents('sleep', { minutes: 30 })).toBe(0);
      expect(Object.is(activityTotalCents('sleep', { minutes: 59 }), 0)).toBe(true);
    });
    it('rounds fractions of a cent to the nearest cent', () => {
      // 61/120 − 0.5 dollars = 0.83 cents; 66/120 − 0.5 = 5 cents exactly.
      expect(activityTotalCents('sleep', { minutes: 61 })).toBe(1);
      expect(activityTotalCents('sleep', { minutes: 66 })).toBe(5);
    });
  });

  describe('water', () => {
    it('earns 50 cents per cup, fruit and vegetable', () => {
      expect(activityTotalCents('water', { cups: 1 })).toBe(50);
      expect(activityTotalCents('water', { fruit: 1 })).toBe(50);
      expect(activityTotalCents('water', { vegetables: 1 })).toBe(50);
      expect(activityTotalCents('water', { cups: 2, fruit: 1, vegetables: 2 })).toBe(250);
    });
    it('clamps at $4', () => {
      expect(activityTotalCents('water', { cups: 8 })).toBe(400);
      expect(activityTotalCents('water', { cups: 3, fruit: 3, vegetables: 3 })).toBe(400);
    });
  });

  describe('food', () => {
    it('earns 25 cents per green serving', () => {
      expect(activityTotalCents('food', { green: 3 })).toBe(75);
    });
    it('costs 25 cents per yellow serving and 50 cents per red serving', () => {
      expect(activityTotalCents('food', { yellow: 1 })).toBe(-25);
      expect(activityTotalCents('food', { red: 1 })).toBe(-50);
      expect(activityTotalCents('food', { yellow: 2, red: 1 })).toBe(-100);
    });
    it('nets the colours against each other from a start of $0', () => {
      expect(activityTotalCents('food', {})).toBe(0);
      expect(activityTotalCents('food', { green: 4, yellow: 2, red: 1 })).toBe(0);
    });
    it('clamps to [-$4, $4]', () => {
      expect(activityTotalCents('food', { green: 16 })).toBe(400);
      expect(activityTotalCents('food', { green: 17 })).toBe(400);
      expect(activityTotalCents('food', { red: 8 })).toBe(-400);
      expect(activityTotalCents('food', { red: 9 })).toBe(-400);
      expect(activityTotalCents('food', { yellow: 20 })).toBe(-400);
    });
  });

  describe('cleanliness', () => {
    it('earns 50 cents each for teeth, body and floss', () => {
      expect(activityTotalCents('cleanliness', { teeth: 1 })).toBe(50);
      expect(activityTotalCents('cleanliness', { body: 1 })).toBe(50);
      expect(activityTotalCents('cleanliness', { floss: 1 })).toBe(50);
    });
    it('clamps at $2', () => {
      expect(activityTotalCents('cleanliness', { teeth: 2, body: 1, floss: 1 })).toBe(200);
      expect(activityTotalCents('cleanliness', { teeth: 3, body: 1, floss: 1 })).toBe(200);
    });
  });

  describe('stress', () => {
    it('costs 25 cents per step above the calm rating of 1', () => {
      expect(activityTotalCents('stress', { people: 1 })).toBe(0);
      expect(activityTotalCents('stress', { people: 2 })).toBe(-25);
      expect(activityTotalCents('stress', { money: 3 })).toBe(-50);
      expect(activityTotalCents('stress', { personal: 4 })).toBe(-75);
      expect(activityTotalCents('stress', { clock: 5 })).toBe(-100);
    });
    it('costs nothing for an unset rating of 0', () => {
      expect(activityTotalCents('stress', {})).toBe(0);
      expect(activityTotalCents('stress', { people: 0, money: 0 })).toBe(0);
    });
    it('sums the five ratings into a total between -$5 and $0', () => {
      expect(
        activityTotalCents('stress', { people: 2, money: 3, personal: 0, clock: 5, health: 1 }),
      ).toBe(-175);
      expect(
        activityTotalCents('stress', { people: 5, money: 5, personal: 5, clock: 5, health: 5 }),
      ).toBe(-500);
    });
    it('ignores keys that are not stress kinds', () => {
      expect(activityTotalCents('stress', { people: 3, minutes: 500 })).toBe(-50);
    });
  });

  it('ignores properties that do not belong to the activity', () => {
    expect(activityTotalCents('water', { cups: 1, minutes: 300 })).toBe(50);
  });

  it('keeps every total within its min and max for any non-negative property values', () => {
    for (const type of SCORED_TYPES) {
      const [min, max] = CLAMPS[type];
      const values = fc.record(
        Object.fromEntries(PROPERTY_KEYS[type].map((k) => [k, fc.nat({ max: 5000 })])),
      );
      fc.assert(
        fc.property(values, (v) => {
          const total = activityTotalCents(type, v);
          return Number.isInteger(total) && total >= min && total <= max;
        }),
      );
    }
  });

  it('never lowers a total when a property with a positive unit grows, nor raises it for a negative one', () => {
    for (const type of SCORED_TYPES) {
      for (const key of PROPERTY_KEYS[type]) {
        const sign = Math.sign(SCORING[type].unitCents[key] ?? 0);
        const values = fc.record(
          Object.fromEntries(PROPERTY_KEYS[type].map((k) => [k, fc.nat({ max: 2000 })])),
        );
        fc.assert(
          fc.property(values, fc.nat({ max: 2000 }), (v, more) => {
            const before = activityTotalCents(type, v);
            const after = activityTotalCents(type, { ...v, [key]: (v[key] ?? 0) + more });
            return sign > 0 ? after >= before : after <= before;
          }),
        );
      }
    }
  });

  it('keeps a stress total in [-$5, $0] and lowers it as any rating rises', () => {
    const rating = fc.integer({ min: 0, max: 5 });
    const ratings = fc.record(Object.fromEntries(STRESS_KEYS.map((k) => [k, rating])));
    fc.assert(
      fc.property(ratings, fc.constantFrom(...STRESS_KEYS), (v, key) => {
        const total = activityTotalCents('stress', v);
        const raised = activityTotalCents('stress', {
          ...v,
          [key]: Math.min(5, (v[key] ?? 0) + 1),
        });
        return total >= -500 && total <= 0 && raised <= total;
      }),
    );
  });
});

describe('stressRatingCents', () => {
  it('costs 0.25 × (r − 1) dollars for each rating r from 1 to 5', () => {
    expect([1, 2, 3, 4, 5].map(stressRatingCents)).toEqual([0, -25, -50, -75, -100]);
  });
  it('costs nothing when unset, and the calm rating is zero rather than minus zero', () => {
    expect(Object.is(stressRatingCents(0), 0)).toBe(true);
    expect(Object.is(stressRatingCents(1), 0)).toBe(true);
  });
});

describe('propertyTotalCents', () => {
  it('gives what one property contributes before the start and the clamp', () => {
    expect(propertyTotalCents('fitness', 'vigorous_duration', 30)).toBe(750);
    expect(propertyTotalCents('fitness', 'piggy_bank', 1)).toBe(400);
    expect(propertyTotalCents('sleep', 'minutes', 540)).toBe(450);
    expect(propertyTotalCents('food', 'red', 2)).toBe(-100);
    expect(propertyTotalCents('rest', 'duration', 1)).toBe(13);
  });
  it('gives a stress rating its cost', () => {
    expect(propertyTotalCents('stress', 'health', 4)).toBe(-75);
    expect(propertyTotalCents('stress', 'health', 0)).toBe(0);
  });
  it('gives an unknown key nothing', () => {
    expect(propertyTotalCents('water', 'minutes', 10)).toBe(0);
  });
});

describe('dashboardMaxCents', () => {
  it('shows each category its SPEC §9 maximum, fitness its max_score of $4', () => {
    expect(dashboardMaxCents('fitness')).toBe(400);
    expect(dashboardMaxCents('sleep')).toBe(400);
    expect(dashboardMaxCents('water')).toBe(400);
    expect(dashboardMaxCents('food')).toBe(400);
    expect(dashboardMaxCents('rest')).toBe(200);
    expect(dashboardMaxCents('sunshine')).toBe(200);
    expect(dashboardMaxCents('cleanliness')).toBe(200);
  });
  it('shows $100 for a category it does not know', () => {
    expect(dashboardMaxCents('juggling')).toBe(10_000);
    expect(dashboardMaxCents('hygiene')).toBe(10_000);
  });
});

describe('exerciseEarningsCents', () => {
  it('counts vigorous and moderate minutes before clamping and leaves the piggy bank out', () => {
    expect(exerciseEarningsCents({ vigorous_duration: 40, moderate_duration: 10 })).toBe(1050);
    expect(exerciseEarningsCents({ piggy_bank: 1 })).toBe(0);
  });
});

describe('earnsPiggyBank', () => {
  it('needs $8 of exercise before clamping', () => {
    expect(PIGGY_BANK_THRESHOLD_CENTS).toBe(800);
    expect(earnsPiggyBank({ vigorous_duration: 32 })).toBe(true);
    expect(earnsPiggyBank({ vigorous_duration: 31 })).toBe(false);
    expect(earnsPiggyBank({ moderate_duration: 160 })).toBe(true);
    expect(earnsPiggyBank({ moderate_duration: 158 })).toBe(false);
    expect(earnsPiggyBank({ vigorous_duration: 24, moderate_duration: 40 })).toBe(true);
    expect(earnsPiggyBank({ vigorous_duration: 24, moderate_duration: 38 })).toBe(false);
  });
  it('is reached by a day whose clamped total is only $6', () => {
    expect(activityTotalCents('fitness', { vigorous_duration: 32 })).toBe(600);
    expect(earnsPiggyBank({ vigorous_duration: 32 })).toBe(true);
  });
  it('is not earned by spending a piggy bank', () => {
    expect(earnsPiggyBank({ vigorous_duration: 16, piggy_bank: 1 })).toBe(false);
  });
});

describe('isActivityType', () => {
  it('accepts the eight activity types of SPEC §3 and nothing else', () => {
    const spec = ['sleep', 'water', 'fitness', 'food', 'rest', 'sunshine', 'cleanliness', 'stress'];
    for (const type of spec) expect(isActivityType(type)).toBe(true);
    expect(isActivityType('hygiene')).toBe(false);
    expect(isActivityType('Sleep')).toBe(false);
    expect(isActivityType('')).toBe(false);
  });
});

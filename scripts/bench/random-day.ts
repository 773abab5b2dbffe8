import {
  ACTIVITY_TYPES,
  type ActivityType,
  activityTotalCents,
  type PropertyValues,
  type ScoredActivity,
  STRESS_KEYS,
} from '@wellbank/domain';

export type Random = () => number;

/** mulberry32: a tiny seeded generator, so two runs seed the same data set. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How a user behaves: some log every day and complete it, some rarely, some never. */
export interface UserProfile {
  loggingRate: number;
  completeRate: number;
  /** 0 (unhealthy) … 1 (healthy): shifts every value towards the good end. */
  healthiness: number;
}

export function randomProfile(random: Random): UserProfile {
  const neverLogs = random() < 0.12;
  return {
    loggingRate: neverLogs ? 0 : 0.25 + 0.7 * random(),
    completeRate: 0.15 + 0.75 * random(),
    healthiness: random(),
  };
}

/** A whole number in [min, max] leaning towards max as healthiness grows; `step` as the counters. */
function pick(random: Random, healthiness: number, min: number, max: number, step = 1): number {
  const share = 0.6 * random() + 0.4 * healthiness;
  const steps = Math.floor((max - min) / step);
  return min + step * Math.min(steps, Math.floor(share * (steps + 1)));
}

/** Values a person plausibly logs for one activity, within the limits the API accepts. */
export function randomValues(
  type: ActivityType,
  random: Random,
  healthiness = 0.5,
): PropertyValues {
  const good = (min: number, max: number, step = 1) => pick(random, healthiness, min, max, step);
  const bad = (min: number, max: number) => pick(random, 1 - healthiness, min, max);
  switch (type) {
    case 'sleep':
      return { minutes: good(300, 600, 30) };
    case 'water':
      return { cups: good(0, 8), fruit: good(0, 4), vegetables: good(0, 4) };
    case 'fitness':
      return {
        vigorous_duration: good(0, 50, 2),
        moderate_duration: good(0, 60, 2),
        piggy_bank: 0,
      };
    case 'food':
      return { green: good(0, 8), yellow: bad(0, 4), red: bad(0, 3) };
    case 'rest':
      return { duration: good(0, 30, 2) };
    case 'sunshine':
      return { duration: good(0, 40, 2) };
    case 'cleanliness':
      return { teeth: good(0, 3), body: good(0, 1), floss: good(0, 1) };
    case 'stress':
      return Object.fromEntries(STRESS_KEYS.map((key) => [key, bad(1, 5)]));
  }
}

/**
 * The activities of one logged day: all eight with every stress rating on a complete day,
 * otherwise a random part of them (stress partly rated), scored by the domain's own rules.
 */
export function randomDay(random: Random, profile: UserProfile): ScoredActivity[] {
  const complete = random() < profile.completeRate;
  const types = complete ? ACTIVITY_TYPES : ACTIVITY_TYPES.filter(() => random() < 0.6);
  const logged = types.length > 0 ? types : (['water'] as const);
  return logged.map((type) => {
    let values = randomValues(type, random, profile.healthiness);
    if (type === 'stress' && !complete) {
      values = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, random() < 0.5 ? value : 0]),
      );
    }
    return { activity_type: type, total_cents: activityTotalCents(type, values), values };
  });
}

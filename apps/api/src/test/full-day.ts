import type { ActivityType } from '@wellbank/domain';

/** Property values of one activity, by key. */
export type Properties = Record<string, number>;

/** Every type worth something, stress all calm: a complete day of $19.00 (190 points). */
export const FULL_DAY: Record<ActivityType, Properties> = {
  sleep: { minutes: 540 },
  water: { cups: 4, fruit: 2, vegetables: 2 },
  fitness: { vigorous_duration: 16, moderate_duration: 0, piggy_bank: 0 },
  food: { green: 4, yellow: 0, red: 0 },
  rest: { duration: 16 },
  sunshine: { duration: 16 },
  cleanliness: { teeth: 2, body: 1, floss: 1 },
  stress: { people: 1, money: 1, personal: 1, clock: 1, health: 1 },
};

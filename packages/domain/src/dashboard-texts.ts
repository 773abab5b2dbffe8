/*
 * The dashboard's own sentences, apart from MESSAGES so that its first load does not carry every
 * error text (decision 0028). MESSAGES includes DASHBOARD_TEXTS: both spellings work.
 */

export const DASHBOARD_TEXTS = {
  accountTitle: 'Wellbank Account',
  allMoneyEarned: 'All money earned, nice!',
} as const;

/** Dashboard empty-state texts per category (SPEC.md §8). */
export const EMPTY_STATE_TEXT = {
  sleep: 'Try to get 9 hours of sleep!',
  water: 'Get hydrated today!',
  fitness: 'Get active today!',
  food: 'Think about what you put in your body!',
  rest: 'Rest up!',
  sunshine: 'Make sure to soak in some vitamin D!',
  cleanliness: 'Freshen up!',
} as const;

/*
 * The dashboard's own sentences, apart from MESSAGES so that its first load does not carry every
 * error text (decision 0028). MESSAGES includes DASHBOARD_TEXTS: both spellings work.
 */

export const DASHBOARD_TEXTS = {
  accountTitle: /*i18n*/ 'Wellbank Account',
  allMoneyEarned: /*i18n*/ 'All money earned, nice!',
} as const;

/** Dashboard empty-state texts per category (SPEC.md §8). */
export const EMPTY_STATE_TEXT = {
  sleep: /*i18n*/ 'Try to get 9 hours of sleep!',
  water: /*i18n*/ 'Get hydrated today!',
  fitness: /*i18n*/ 'Get active today!',
  food: /*i18n*/ 'Think about what you put in your body!',
  rest: /*i18n*/ 'Rest up!',
  sunshine: /*i18n*/ 'Make sure to soak in some vitamin D!',
  cleanliness: /*i18n*/ 'Freshen up!',
} as const;

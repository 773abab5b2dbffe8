import type { ActivityType } from '@wellbank/domain';

/** What each entry page asks for (SPEC.md §2: "a description"). */
export const ACTIVITY_DESCRIPTIONS: Record<Exclude<ActivityType, 'stress'>, string> = {
  sleep: 'How long did you sleep last night? Every half hour counts, up to 9 hours.',
  water:
    'Count the cups of water you drank and the servings of fruit and vegetables you ate today.',
  fitness:
    'Minutes of exercise today. Vigorous exercise makes you breathe hard; moderate exercise gets you moving.',
  food: 'Count what you ate and drank today: green foods help you, yellow foods cost a little, red foods and substances cost more.',
  rest: 'Minutes spent resting, meditating or doing something calm and mindful.',
  sunshine: 'Minutes spent outside in the daylight.',
  cleanliness: 'Count what you did to keep yourself fresh and healthy today.',
};

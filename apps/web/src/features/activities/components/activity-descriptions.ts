import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActivityType } from '@wellbank/domain';

type Described = Record<'today' | 'yesterday', MessageDescriptor>;

/**
 * What each entry page asks for (SPEC.md §2: "a description"), for today and for yesterday (the
 * one past day that can still change): a page opened with `?date=` never says "today" (issue 17).
 */
export const ACTIVITY_DESCRIPTIONS: Record<Exclude<ActivityType, 'stress'>, Described> = {
  sleep: {
    today: msg`How long did you sleep last night?`,
    yesterday: msg`How long did you sleep the night before yesterday?`,
  },
  water: {
    today: msg`Count the cups of water you drank and the servings of fruit and vegetables you ate today.`,
    yesterday: msg`Count the cups of water you drank and the servings of fruit and vegetables you ate yesterday.`,
  },
  fitness: {
    today: msg`Minutes of exercise today. Vigorous exercise makes you breathe hard; moderate exercise gets you moving.`,
    yesterday: msg`Minutes of exercise yesterday. Vigorous exercise makes you breathe hard; moderate exercise gets you moving.`,
  },
  food: {
    today: msg`Count what you ate and drank today: green foods help you, yellow foods cost a little, red foods and substances cost more.`,
    yesterday: msg`Count what you ate and drank yesterday: green foods help you, yellow foods cost a little, red foods and substances cost more.`,
  },
  rest: {
    today: msg`Minutes spent resting, meditating or doing something calm and mindful.`,
    yesterday: msg`Minutes spent resting, meditating or doing something calm and mindful.`,
  },
  sunshine: {
    today: msg`Minutes spent outside in the daylight.`,
    yesterday: msg`Minutes spent outside in the daylight.`,
  },
  cleanliness: {
    today: msg`Count what you did to keep yourself fresh and healthy today.`,
    yesterday: msg`Count what you did to keep yourself fresh and healthy yesterday.`,
  },
};

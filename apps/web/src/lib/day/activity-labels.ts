import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ACTIVITY_TITLES,
  type ActivityType,
  ROUTE_ACTIVITY_TYPES,
  type StressKey,
} from '@wellbank/domain';

export type RouteActivity = keyof typeof ROUTE_ACTIVITY_TYPES;

/** Menu and dashboard order (SPEC.md §2): stress first, then the entry pages in this order. */
export const MENU_ROUTES = Object.keys(ROUTE_ACTIVITY_TYPES) as readonly RouteActivity[];

/** The stress flow in its order, with each page's title (SPEC.md §2). */
export const STRESS_PAGES: readonly { kind: StressKey; title: MessageDescriptor }[] = [
  { kind: 'people', title: msg`Social` },
  { kind: 'money', title: msg`Financial` },
  { kind: 'personal', title: msg`Emotional/Mental` },
  { kind: 'clock', title: msg`Time Management` },
  { kind: 'health', title: msg`Physical` },
];

/** What each property counts, as a person reads it on a counter or a dashboard card. */
export const PROPERTY_LABELS: Record<ActivityType, Record<string, MessageDescriptor>> = {
  sleep: { minutes: msg`Time asleep` },
  water: {
    cups: msg`Cups of water`,
    fruit: msg`Servings of fruit`,
    vegetables: msg`Servings of vegetables`,
  },
  fitness: {
    vigorous_duration: msg`Vigorous exercise`,
    moderate_duration: msg`Moderate exercise`,
    piggy_bank: msg`Savings used`,
  },
  food: {
    green: msg`Green foods`,
    yellow: msg`Yellow foods`,
    red: msg`Red foods and substances`,
  },
  rest: { duration: msg`Rest or mindfulness` },
  sunshine: { duration: msg`Time in the sun` },
  cleanliness: {
    teeth: msg`Brushed teeth`,
    body: msg`Showered or bathed`,
    floss: msg`Flossed`,
  },
  stress: Object.fromEntries(STRESS_PAGES.map((p) => [p.kind, p.title])),
};

export function propertyLabel(i18n: I18n, type: string, key: string): string {
  const label = PROPERTY_LABELS[type as ActivityType]?.[key];
  return label ? i18n._(label) : key.replaceAll('_', ' ');
}

/** A category's name: the domain's English title (SPEC.md §2) through the domain's catalog. */
export function activityTitle(i18n: I18n, type: string): string {
  const title = ACTIVITY_TITLES[type as ActivityType];
  return title ? i18n._(title) : type.replaceAll('_', ' ');
}

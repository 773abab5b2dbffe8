import {
  type ActivityType,
  activityTotalCents,
  PROPERTY_KEYS,
  type PropertyValues,
  propertyTotalCents,
} from './activities.ts';
import type { Activity } from './activity-wire.ts';
import { centsToDollars } from './money.ts';

/**
 * The wire form of an activity with these property values, totals recomputed with the scoring
 * rules; properties in the category's key order, only the keys that were given. Apart from the
 * response schemas (activity-wire.ts): the web's offline queue shows its writes with it after
 * every signed-in page's first paint, without loading zod (decision 0048).
 */
export function toActivity(type: ActivityType, values: PropertyValues): Activity {
  return {
    activity_type: type,
    total: centsToDollars(activityTotalCents(type, values)),
    properties: PROPERTY_KEYS[type]
      .filter((key) => values[key] !== undefined)
      .map((key) => {
        const value = values[key] ?? 0;
        return {
          property_key: key,
          property_value: value,
          property_total: centsToDollars(propertyTotalCents(type, key, value)),
        };
      }),
  };
}

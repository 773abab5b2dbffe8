import { type ActivityType, PROPERTY_KEYS } from '@wellbank/domain';
import type { PropertyValues } from './day-activities';

/**
 * The PUT body: every key of the type (0 when untouched). No total: the server computes it from
 * the properties and ignores one sent (DESIGN.md §1.2).
 */
export function activityBody(type: ActivityType, values: PropertyValues) {
  const properties = PROPERTY_KEYS[type].map((key) => ({
    property_key: key,
    property_value: values[key] ?? 0,
  }));
  if (type === 'stress') return { activity: { properties } };
  return { activity: { activity_type: type, properties } };
}

import { z } from 'zod';
import { ACTIVITY_TYPES, type ActivityType, PROPERTY_KEYS } from './activities.ts';
import { MINUTES_PER_DAY, propertyMax } from './activity-limits.ts';
import { englishText, textTemplate } from './i18n/texts.ts';
import { tooBigMessage } from './messages.ts';

const propertySchema = z.object({
  property_key: z.string({ error: /*i18n*/ 'Each property needs a property_key' }).max(40),
  property_value: z
    .number({ error: /*i18n*/ 'Each property needs a numeric property_value' })
    .int(/*i18n*/ 'Property values must be whole numbers')
    .min(0, /*i18n*/ 'Property values cannot be negative'),
});

/**
 * Body of PUT /activities/{type}; `total` is accepted for compatibility and never trusted.
 * `date` (YYYY-MM-DD) is the school-local day the write was made for, today when absent; the
 * server checks it against its own today (day-window.ts), so it is only typed here.
 */
export const activityBodySchema = z.object({
  activity: z.object({
    activity_type: z.enum(ACTIVITY_TYPES).optional(),
    total: z.number().optional(),
    properties: z.array(propertySchema).max(10, /*i18n*/ 'Too many properties'),
  }),
  date: z
    .string()
    .optional()
    .describe(
      'School-local day (YYYY-MM-DD) the write is for: today or yesterday; today if absent',
    ),
});

/** Query of GET /activities and GET /piggy-banks: the day to read, today when absent. */
export const dayQuerySchema = z.object({
  date: z
    .string()
    .optional()
    .describe('School-local day (YYYY-MM-DD), up to today; today if absent'),
});
export type ActivityBody = z.infer<typeof activityBodySchema>;

const UNKNOWN_PROPERTY = textTemplate(/*i18n*/ 'Unknown property "{key}" for {type}');
const PROPERTY_TWICE = textTemplate(/*i18n*/ 'Property "{key}" is listed twice');
const TOO_MUCH_EXERCISE = textTemplate(/*i18n*/ 'A day has at most {max} minutes of exercise', {
  max: 'number',
});

/**
 * Checks the properties against the type's keys and limits and returns them as a map, or the
 * first problem as a message. Runs on the server for every write and in tests of the entry pages.
 */
export function parseActivityProperties(
  type: ActivityType,
  properties: readonly { property_key: string; property_value: number }[],
): { values: Record<string, number> } | { error: string } {
  const allowed = PROPERTY_KEYS[type];
  const values: Record<string, number> = {};
  for (const { property_key: key, property_value: value } of properties) {
    if (!allowed.includes(key)) return { error: englishText(UNKNOWN_PROPERTY, { key, type }) };
    if (key in values) return { error: englishText(PROPERTY_TWICE, { key }) };
    const max = propertyMax(type, key);
    if (value > max) return { error: tooBigMessage(key, max) };
    values[key] = value;
  }
  if (type === 'fitness') {
    const minutes = (values.vigorous_duration ?? 0) + (values.moderate_duration ?? 0);
    if (minutes > MINUTES_PER_DAY) {
      return { error: englishText(TOO_MUCH_EXERCISE, { max: MINUTES_PER_DAY }) };
    }
  }
  return { values };
}

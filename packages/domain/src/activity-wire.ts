import { z } from 'zod';
import { ACTIVITY_TYPES } from './activities.ts';

/**
 * Response shapes of the activity calls (SPEC.md §3, §7; DESIGN.md §1.2–§1.3). Money in dollars,
 * dates ISO YYYY-MM-DD.
 */

export const activityPropertySchema = z.object({
  property_key: z.string(),
  property_value: z.number().int(),
  property_total: z.number(),
});
export type ActivityProperty = z.infer<typeof activityPropertySchema>;

/** One of today's activities: GET /activities lists them, PUT /activities/{type} answers one. */
export const activitySchema = z.object({
  activity_type: z.enum(ACTIVITY_TYPES),
  total: z.number(),
  properties: z.array(activityPropertySchema),
});
export type Activity = z.infer<typeof activitySchema>;
export const activitiesSchema = z.array(activitySchema);

/** GET /piggy-banks: the savings usable today (unspent, earned on an earlier day). */
export const piggyBankSchema = z.object({ id: z.number().int(), earned_on: z.string() });
export type PiggyBank = z.infer<typeof piggyBankSchema>;
export const piggyBanksSchema = z.array(piggyBankSchema);

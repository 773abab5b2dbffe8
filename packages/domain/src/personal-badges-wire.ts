import { z } from 'zod';
import { PERSONAL_BADGES } from './personal-badges.ts';

/*
 * The wire of personal badges (decision 0078), apart from their rules and texts: the dashboard's
 * celebration reads the texts and must not pull zod into its first load (decision 0018).
 */

export const personalBadgeSchema = z.enum(PERSONAL_BADGES);

/** GET /users/{id}/personal-badges: the badges earned, oldest first. */
export const personalBadgesSchema = z.object({
  badges: z.array(
    z.object({
      badge: personalBadgeSchema,
      earned_on: z.iso.date(),
      /** Whether the child has seen its celebration (shown once, on any device). */
      celebrated: z.boolean(),
    }),
  ),
});
export type PersonalBadges = z.infer<typeof personalBadgesSchema>;

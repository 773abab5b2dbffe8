import { z } from 'zod';
import {
  CLASS_CHALLENGE_KINDS,
  CLASS_CHALLENGE_MAX_TARGET,
  CLASS_CHALLENGE_MESSAGES,
  CLASS_CHALLENGE_STATUSES,
  CLASS_SCOPES,
} from './class-challenges.ts';
import { NO_CONTROL_CHARACTERS } from './messages.ts';
import { GRADE_MAX_LENGTH, HOMEROOM_MAX_LENGTH } from './roster.ts';

/*
 * The wire of class challenges (decision 0084), apart from their rules and texts: the dashboard's
 * meter reads the texts and must not pull zod into its first load (decision 0018).
 */

const classNameField = z
  .string()
  .trim()
  .min(1, CLASS_CHALLENGE_MESSAGES.className)
  .max(HOMEROOM_MAX_LENGTH, CLASS_CHALLENGE_MESSAGES.className)
  .regex(NO_CONTROL_CHARACTERS, CLASS_CHALLENGE_MESSAGES.className);

/** `POST /schools/{id}/class-challenges`: a kind, a homeroom or a grade, a goal. */
export const classChallengeCreateSchema = z
  .strictObject({
    kind: z.enum(CLASS_CHALLENGE_KINDS),
    scope: z.enum(CLASS_SCOPES),
    class_name: classNameField,
    target: z
      .number({ error: CLASS_CHALLENGE_MESSAGES.target })
      .int(CLASS_CHALLENGE_MESSAGES.target)
      .min(1, CLASS_CHALLENGE_MESSAGES.target)
      .max(CLASS_CHALLENGE_MAX_TARGET, CLASS_CHALLENGE_MESSAGES.target),
  })
  .refine((body) => body.scope === 'homeroom' || body.class_name.length <= GRADE_MAX_LENGTH, {
    error: CLASS_CHALLENGE_MESSAGES.className,
    path: ['class_name'],
  });
export type ClassChallengeCreate = z.infer<typeof classChallengeCreateSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a class sees of its challenge: the goal and the total, never anyone's share. */
export const classChallengeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLASS_CHALLENGE_KINDS),
  scope: z.enum(CLASS_SCOPES),
  class_name: z.string(),
  target: z.number().int(),
  total: z.number().int(),
  starts_on: isoDate,
  ends_on: isoDate,
});
export type ClassChallenge = z.infer<typeof classChallengeSchema>;

/** `GET /users/{id}/class-challenges`: the running challenges of one's own homeroom and grade. */
export const myClassChallengesSchema = z.object({ challenges: z.array(classChallengeSchema) });
export type MyClassChallenges = z.infer<typeof myClassChallengesSchema>;

/** Staff's list: the school's challenges, newest first, each with its status. */
export const staffClassChallengesSchema = z.object({
  challenges: z.array(classChallengeSchema.extend({ status: z.enum(CLASS_CHALLENGE_STATUSES) })),
});
export type StaffClassChallenges = z.infer<typeof staffClassChallengesSchema>;

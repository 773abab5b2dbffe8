import { z } from 'zod';
import { LANGUAGES } from './i18n/languages.ts';
import { ROLE_NAMES } from './roles.ts';

/** Response shapes of DESIGN.md §2: the server serialises with them, the browser reads with them. */

export const errorBodySchema = z.object({ error: z.string() });

export const publicSchoolSchema = z.object({ id: z.number().int(), name: z.string() });
export type PublicSchool = z.infer<typeof publicSchoolSchema>;

/**
 * GET /schools?code=: the school a code names, and whether its subscription is paid, so a
 * student learns before signing up that the app opens only once it is (issue #16 §7). The code
 * is the proof of joining; the lookup by id answers only id and name.
 */
export const schoolLookupSchema = publicSchoolSchema.extend({ subscription_active: z.boolean() });
export type SchoolLookup = z.infer<typeof schoolLookupSchema>;

export const publicTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  school: publicSchoolSchema,
});
export type PublicTeam = z.infer<typeof publicTeamSchema>;

const roleEntrySchema = z.object({ role: z.object({ name: z.enum(ROLE_NAMES) }) });

export const userRecordSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null: a student added by name, who has no address yet (decision 0063). */
  email: z.string().nullable(),
  points: z.number().int(),
  needs_team_payment: z.boolean(),
  needs_subscription_payment: z.boolean(),
  school: publicSchoolSchema,
  user_school_roles: z.array(roleEntrySchema),
  roles: z.array(z.enum(ROLE_NAMES)),
  team_id: z.number().int().nullable(),
  /** Set while the school is closed and awaiting its purge (ISO instant; decision 0022). */
  school_purge_after: z.string().nullable(),
  /** The person's homeroom, if the school set one: Student points' "My homeroom" (decision 0030). */
  homeroom: z.string().nullable(),
  /** The language the user reads Wellbank and its e-mails in (decision 0034). */
  language: z.enum(LANGUAGES),
  /**
   * Whether the stress check-in is on for the user: their school has it on and (a student) the
   * family did not opt them out (decision 0073). Off: no stress page, card or menu entry.
   */
  stress_check_in: z.boolean().default(true),
  /** Whether the school named the user a counsellor: they see the open talk requests. */
  is_counsellor: z.boolean().default(false),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/**
 * The local session record: the user record plus the bearer token, and whether the session is a
 * child's on a classroom's shared device (decision 0064), which the web app keeps nothing of.
 */
export const sessionRecordSchema = userRecordSchema.extend({
  token: z.string(),
  /** Defaults to false for a record a browser stored before the field was added. */
  shared_device: z.boolean().default(false),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const schoolSignupResponseSchema = z.object({ user: sessionRecordSchema });

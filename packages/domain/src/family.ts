import { z } from 'zod';
import { CLASS_CODE_ALPHABET, normalizeClassCode } from './class-sign-in.ts';
import { NO_CONTROL_CHARACTERS } from './messages.ts';
import { HOMEROOM_MAX_LENGTH } from './roster.ts';
import { userSignupSchema } from './schemas.ts';
import { publicSchoolSchema } from './wire.ts';

/**
 * Families (issue 36 §1–2, decision 0075): each student has a family code, printed on a family
 * letter with a QR code of `{app}/family/link?code=…`. A parent signs up (or signs in) as a
 * guardian and enters it: they are linked to that child. Only the code's SHA-256 is stored.
 */

/**
 * Ten symbols a parent cannot confuse (the class codes' alphabet, no 0/O, 1/I/L): 31^10 ≈ 8.2 ×
 * 10^14 codes (49.5 bits), against 30 wrong tries per address and quarter-hour (decision 0075).
 */
export const FAMILY_CODE_LENGTH = 10;
/** The most guardians one child may have linked at once: two households' parents. */
export const GUARDIANS_PER_CHILD_MAX = 4;
/** The most children one family letter prints: a homeroom, as a badge sheet. */
export const FAMILY_LETTER_MAX_STUDENTS = 200;

export const FAMILY_MESSAGES = {
  /** Unknown, replaced or revoked: a guesser learns nothing from the difference. */
  unknownCode:
    /*i18n*/ 'This family code does not work. Check it, or ask the school for a new one.',
  guardiansOnly:
    /*i18n*/ 'Only a family account can be linked to a child. Sign up as a family member with this code.',
  studentsOnly: /*i18n*/ 'Family codes are only for students.',
  tooManyGuardians:
    /*i18n*/ 'This child has as many family members linked as Wellbank allows. Ask the school to remove one first.',
  alreadyLinked: /*i18n*/ 'You are already linked to this child.',
  notLinked: /*i18n*/ 'You are not linked to this child.',
  pickHomeroom: /*i18n*/ 'Pick a homeroom.',
  noStudents: /*i18n*/ 'No student of this school is in this homeroom.',
  tooManyStudents:
    /*i18n*/ 'This homeroom has too many students for one letter. Print the codes one child at a time.',
} as const;

/** A typed code is read in capitals and without spaces or dashes, as a class code. */
export const normalizeFamilyCode = normalizeClassCode;

const CODE_PATTERN = new RegExp(`^[${CLASS_CODE_ALPHABET}]{${FAMILY_CODE_LENGTH}}$`);

export function isFamilyCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** "ABCDE-FGHJK": two halves a parent reads off a letter. */
export function formatFamilyCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What the letter's QR code holds. The request log drops query strings (docs/privacy.md). */
export function familyLinkUrl(appUrl: string, code: string): string {
  return `${appUrl}/family/link?code=${formatFamilyCode(code)}`;
}

const id = z.number().int().positive().max(2_147_483_647);
const familyCode = z
  .string()
  .max(40)
  .transform(normalizeFamilyCode)
  .refine(isFamilyCode, FAMILY_MESSAGES.unknownCode);
const homeroom = z
  .string()
  .trim()
  .min(1, FAMILY_MESSAGES.pickHomeroom)
  .max(HOMEROOM_MAX_LENGTH)
  .regex(NO_CONTROL_CHARACTERS);

/** `POST /family/links`: a signed-in guardian links the code's child. */
export const familyLinkRequestSchema = z.strictObject({ code: familyCode });
export type FamilyLinkRequest = z.input<typeof familyLinkRequestSchema>;

/** `POST /family/sign-up`: a new guardian account, linked to the code's child. */
export const familySignUpSchema = z.strictObject({ code: familyCode, user: userSignupSchema });
export type FamilySignUp = z.input<typeof familySignUpSchema>;

/** `POST /users/{id}/family-code`: the new code and its link, shown in this answer only. */
export const issuedFamilyCodeSchema = z.object({ code: z.string(), url: z.string() });
export type IssuedFamilyCode = z.infer<typeof issuedFamilyCodeSchema>;

/** `POST /schools/{id}/family-letters`: a new code for every child of the homeroom. */
export const familyLetterRequestSchema = z.strictObject({ homeroom });
export type FamilyLetterRequest = z.input<typeof familyLetterRequestSchema>;

/** One page of the letter: the child's name, code and link (the QR code is drawn by the page). */
export const familyLetterPageSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  url: z.string(),
});
export type FamilyLetterPage = z.infer<typeof familyLetterPageSchema>;
export const familyLetterSchema = z.array(familyLetterPageSchema);

/** `GET /family/children`: the guardian's linked children. */
export const linkedChildSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  school: publicSchoolSchema,
  /** ISO instant of the link. */
  linked_at: z.string(),
  /** Whether the school asks the stress question, and whether the family opted the child out. */
  stress_check_in: z.object({ school: z.boolean(), opted_out: z.boolean() }),
});
export type LinkedChild = z.infer<typeof linkedChildSchema>;
export const linkedChildrenSchema = z.array(linkedChildSchema);

/** `GET /users/{id}/guardians`: who is linked to the child. Names only, never an e-mail. */
export const guardianSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  linked_at: z.string(),
});
export type Guardian = z.infer<typeof guardianSchema>;
export const guardiansSchema = z.array(guardianSchema);

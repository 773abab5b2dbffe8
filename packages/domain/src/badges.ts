import { z } from 'zod';
import { NO_CONTROL_CHARACTERS } from './messages.ts';
import { STUDENT_PICTURES } from './pictures.ts';
import { HOMEROOM_MAX_LENGTH } from './roster.ts';

/**
 * Badges (issue 34 §3, decision 0065): a printed 2-inch label with a child's name, picture and a
 * QR code of `{app}/badge#{token}`. Opening the link signs the child in on a shared device. One
 * live badge per child; a new one voids the old. The token is stored as its SHA-256 only.
 */

/** The most students one sheet prints: a homeroom, not a school filed under one homeroom. */
export const BADGE_SHEET_MAX_STUDENTS = 200;

export const BADGE_MESSAGES = {
  /** A voided badge (410): a newer one was printed, or staff voided it when it was lost. */
  replaced: /*i18n*/ 'This badge no longer works. Ask your teacher for a new one.',
  /** An unknown token (401): a mistyped link, or the child's account is gone. */
  unknown: /*i18n*/ 'This badge does not work. Ask your teacher for help.',
  studentsOnly: /*i18n*/ 'Badges are only for students.',
  pickHomeroom: /*i18n*/ 'Pick a homeroom.',
  noStudents: /*i18n*/ 'No student of this school is in this homeroom.',
  tooManyStudents:
    /*i18n*/ 'This homeroom has too many students for one sheet. Make badges one child at a time.',
} as const;

/** What the QR code holds. The token is in the fragment, which no request carries to a server. */
export function badgeUrl(appUrl: string, token: string): string {
  return `${appUrl}/badge#${token}`;
}

/** The token in /badge's fragment, or null: only the shape a token has (43 base64url). */
export function badgeTokenFrom(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

const id = z.number().int().positive().max(2_147_483_647);
const homeroom = z
  .string()
  .trim()
  .min(1, BADGE_MESSAGES.pickHomeroom)
  .max(HOMEROOM_MAX_LENGTH)
  .regex(NO_CONTROL_CHARACTERS);

/** `POST /sign-in/badge`: a badge's token, as its link's fragment holds it. */
export const badgeSignInSchema = z.strictObject({ token: z.string().min(1).max(128) });
export type BadgeSignIn = z.infer<typeof badgeSignInSchema>;

/** `POST /users/{id}/badge`: the new badge's link, shown once (only its hash is kept). */
export const issuedBadgeSchema = z.object({ url: z.string() });
export type IssuedBadge = z.infer<typeof issuedBadgeSchema>;

/**
 * `POST /schools/{id}/badges`: a homeroom's sheet. `replace` false: badges for the children who
 * have none; true: a new badge for every child, the printed ones voided.
 */
export const badgeSheetRequestSchema = z.strictObject({
  homeroom,
  replace: z.boolean().default(false),
});
export type BadgeSheetRequest = z.input<typeof badgeSheetRequestSchema>;

const studentPicture = z.enum(STUDENT_PICTURES);

/** One badge to print: the only time its link exists outside the child's hands. */
export const printedBadgeSchema = z.object({
  id,
  display_name: z.string(),
  picture: studentPicture,
  url: z.string(),
});
export type PrintedBadge = z.infer<typeof printedBadgeSchema>;
export const printedBadgesSchema = z.array(printedBadgeSchema);

/** `GET /schools/{id}/badges?homeroom=`: the homeroom's children and when their badge was made. */
export const badgeHolderSchema = z.object({
  id,
  display_name: z.string(),
  picture: studentPicture,
  /** ISO instant the live badge was made; null when the child has none. */
  badge_issued_at: z.string().nullable(),
});
export type BadgeHolder = z.infer<typeof badgeHolderSchema>;
export const badgeHoldersSchema = z.array(badgeHolderSchema);

export const badgeHoldersQuerySchema = z.object({ homeroom });

/** `GET /schools/{id}/homerooms`: the homerooms of the school's students, A→Z. */
export const homeroomsSchema = z.array(z.string());

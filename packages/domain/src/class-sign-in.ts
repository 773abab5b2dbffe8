import { z } from 'zod';
import { NO_CONTROL_CHARACTERS } from './messages.ts';
import { schoolUsersQuerySchema } from './pagination.ts';
import { SECRET_PICTURES, STUDENT_PICTURES } from './pictures.ts';
import type { RoleName } from './roles.ts';
import { HOMEROOM_MAX_LENGTH } from './roster.ts';

/**
 * Class sign-in (issue 34 §2, decision 0064): staff open a class code for a homeroom or a list of
 * students; on a shared device a child taps their name, then their two secret pictures in order.
 */

/**
 * Letters and digits a child cannot confuse (no 0/O, 1/I/L): 31 symbols. Eight of them are
 * 31^8 ≈ 8.5 × 10^11 codes (39.6 bits) for a code that lives one school day at most; the
 * arithmetic against the lookup limit is in decision 0064.
 */
export const CLASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLASS_CODE_LENGTH = 8;
/** The most students one code lists: a class, or a few picked from the school. */
export const CLASS_CODE_MAX_STUDENTS = 60;
/** Wrong picture sequences that lock a child's class sign-in, and for how long (decision 0064). */
export const CLASS_SIGN_IN_MAX_WRONG = 5;
export const CLASS_SIGN_IN_LOCK_MINUTES = 15;

export const CLASS_SIGN_IN_MESSAGES = {
  codeNotOpen: /*i18n*/ 'This class code is not open. Ask your teacher for the code.',
  wrongPictures: /*i18n*/ 'Those are not your pictures. Try again!',
  locked: /*i18n*/ 'Too many tries. Ask your teacher to help you sign in.',
  pickStudents: /*i18n*/ 'Pick a homeroom or at least one student.',
  noStudents: /*i18n*/ 'No student of this school was found for this class.',
} as const;

/** Who opens class codes and reads class cards: the school's staff and admins. */
export function mayRunClassSignIn(roles: readonly RoleName[]): boolean {
  return roles.includes('staff') || roles.includes('admin');
}

/** A typed code is read in capitals and without spaces or dashes: "abcd-2345" is "ABCD2345". */
export function normalizeClassCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

const CODE_PATTERN = new RegExp(`^[${CLASS_CODE_ALPHABET}]{${CLASS_CODE_LENGTH}}$`);

export function isClassCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/**
 * `/class-codes/{code}`: any case is the same code; anything that is not a code's shape names
 * nothing (the routes answer 404, as for a code never given).
 */
export const classCodeParams = z.object({
  code: z.string().max(40).transform(normalizeClassCode),
});

const id = z.number().int().positive().max(2_147_483_647);
const homeroom = z
  .string()
  .trim()
  .min(1, CLASS_SIGN_IN_MESSAGES.pickStudents)
  .max(HOMEROOM_MAX_LENGTH)
  .regex(NO_CONTROL_CHARACTERS);

/** `POST /schools/{id}/class-codes`: a homeroom, or the students picked. */
export const classCodeCreateSchema = z.union(
  [
    z.strictObject({ homeroom }),
    z.strictObject({
      user_ids: z
        .array(id)
        .min(1, CLASS_SIGN_IN_MESSAGES.pickStudents)
        .max(CLASS_CODE_MAX_STUDENTS),
    }),
  ],
  { error: CLASS_SIGN_IN_MESSAGES.pickStudents },
);
export type ClassCodeCreate = z.infer<typeof classCodeCreateSchema>;

export const openClassCodeSchema = z.object({
  id,
  code: z.string(),
  /** `{APP_URL}/class/{code}`: what the QR code holds. */
  url: z.string(),
  /** ISO instant: the end of the school day in the school's zone. */
  expires_at: z.string(),
});
export type OpenClassCode = z.infer<typeof openClassCodeSchema>;

const studentPicture = z.enum(STUDENT_PICTURES);
const secretPicture = z.enum(SECRET_PICTURES);

/** How a child is listed on a shared device: first name and last initial, never more. */
export const classStudentSchema = z.object({
  id,
  display_name: z.string(),
  picture: studentPicture,
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** `GET /class-codes/{code}`: public to whoever holds the code. */
export const classLookupSchema = z.object({
  school: z.object({ name: z.string() }),
  students: z.array(classStudentSchema),
});
export type ClassLookup = z.infer<typeof classLookupSchema>;

/** Two secret pictures in the order they are tapped; never the same picture twice. */
export const secretPicturesSchema = z.tuple([secretPicture, secretPicture]);
export type SecretPictures = z.infer<typeof secretPicturesSchema>;

export const classSignInSchema = z.strictObject({
  user_id: id,
  pictures: secretPicturesSchema,
});
export type ClassSignIn = z.infer<typeof classSignInSchema>;

/** A child on the printable class card, for staff: their secret pictures, and whether locked. */
export const classCardSchema = classStudentSchema.extend({
  secret_pictures: secretPicturesSchema,
  locked: z.boolean(),
});
export type ClassCard = z.infer<typeof classCardSchema>;
export const classCardsSchema = z.array(classCardSchema);

export const classCardsQuerySchema = z.object({ homeroom });

/** The longest search a staff member types to find students to pick (a full name at most). */
export const CLASS_STUDENT_SEARCH_MAX_LENGTH = 101;
/** Students the picker shows at once; more come a page at a time, or by searching. */
export const CLASS_STUDENTS_PAGE_SIZE = 50;

/**
 * `GET /schools/{id}/class-students`: every student of the school, by name, a page at a time;
 * `q` keeps those whose "first last" name contains it, ignoring case and accents.
 */
export const classStudentsQuerySchema = schoolUsersQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(CLASS_STUDENT_SEARCH_MAX_LENGTH)
    .regex(NO_CONTROL_CHARACTERS)
    .optional()
    .describe('Only students whose first and last name contain this (any case, any accents)'),
});
export type ClassStudentsQuery = z.infer<typeof classStudentsQuerySchema>;

/** A student staff may pick for a class code: the full name and homeroom, nothing else. */
export const pickableStudentSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  homeroom: z.string().nullable(),
});
export type PickableStudent = z.infer<typeof pickableStudentSchema>;
export const pickableStudentsSchema = z.array(pickableStudentSchema);

/** A page of the students to pick from, below /api/v1 (a Link header's target has the same shape). */
export function classStudentsPath(page: {
  schoolId: number;
  q?: string | undefined;
  limit?: number;
  cursor?: string;
}): string {
  const query = new URLSearchParams();
  if (page.q) query.set('q', page.q);
  query.set('limit', String(page.limit ?? CLASS_STUDENTS_PAGE_SIZE));
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  return `/schools/${page.schoolId}/class-students?${query}`;
}

/** "Ana G.": the first name and the last name's first letter, as a class code lists and a badge prints. */
export function classDisplayName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

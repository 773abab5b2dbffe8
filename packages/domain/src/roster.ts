import { z } from 'zod';
import { formatCount } from './format.ts';
import { englishText, textTemplate } from './i18n/texts.ts';
import {
  controlCharactersMessage,
  MESSAGES,
  NO_CONTROL_CHARACTERS,
  tooLongMessage,
} from './messages.ts';
import { userNameFields, userSignupSchema } from './schemas.ts';
import { type SubscriptionTier, tierFor } from './tiers.ts';

/**
 * Roster import and invitations (issue #16 items 1–2, decision 0030, docs/rules.md "Roster"):
 * the rules of a row, the columns a file may have, and the wire of the calls.
 */

/** An invitation link works this long, once. */
export const INVITATION_LIFETIME_DAYS = 14;
/** A file's rows, the header not counted: the largest tier (5,000 students) and its staff. */
export const ROSTER_MAX_ROWS = 10_000;
/** A 10,000-row OneRoster users.csv is about 3 MB. */
export const ROSTER_MAX_BYTES = 5 * 1024 * 1024;
export const GRADE_MAX_LENGTH = 2;
export const HOMEROOM_MAX_LENGTH = 20;

export const ROSTER_ROLES = ['student', 'staff'] as const;
export type RosterRole = (typeof ROSTER_ROLES)[number];

/** OneRoster 1.1 roles (users.csv `role`) a school member can have; parents and guardians are not. */
const ONEROSTER_ROLES: Record<string, RosterRole> = {
  student: 'student',
  teacher: 'staff',
  aide: 'staff',
  administrator: 'staff',
  proctor: 'staff',
};

const TOO_MANY_ROWS = textTemplate(/*i18n*/ 'The file has more than {max} rows; split it', {
  max: 'number',
});
const DUPLICATE_IN_FILE = textTemplate(/*i18n*/ 'The same e-mail is on row {row} of the file', {
  row: 'number',
});
const SAME_STUDENT_IN_FILE = textTemplate(
  /*i18n*/ 'The same student (first name, last name and homeroom) is on row {row} of the file',
  { row: 'number' },
);
const OVER_CAP = textTemplate(
  /*i18n*/ 'Over the students your subscription covers ({cap}): upgrade it, or remove students first',
  { cap: 'number' },
);
const CAP = textTemplate(
  /*i18n*/ 'Your subscription covers up to {cap} students, those invited included.',
  { cap: 'number' },
);
const IMPORT_DONE = textTemplate(
  /*i18n*/ 'Imported: {count, plural, one {# invitation} other {# invitations}} sent by e-mail',
  { count: 'number' },
);

export const ROSTER_MESSAGES = {
  missingColumns:
    /*i18n*/ 'The file needs the columns first name, last name, e-mail and role (or those of a OneRoster users.csv: givenName, familyName, email, role)',
  emptyFile: /*i18n*/ 'The file has no rows under its header',
  tooManyRows: englishText(TOO_MANY_ROWS, { max: formatCount(ROSTER_MAX_ROWS) }),
  notCsv: /*i18n*/ 'The file is not a readable CSV file',
  mustBeCsv: /*i18n*/ 'Send the file as text/csv',
  role: /*i18n*/ 'Role must be student or staff',
  notImportedRole: /*i18n*/ 'Only students and staff are imported (not parents or guardians)',
  grade: /*i18n*/ 'Grade must be PK, K or 1 to 12',
  homeroom: tooLongMessage(/*i18n*/ 'Homeroom', HOMEROOM_MAX_LENGTH),
  homeroomControl: controlCharactersMessage(/*i18n*/ 'Homeroom'),
  duplicateInFile: (row: number) => englishText(DUPLICATE_IN_FILE, { row }),
  /** A row with no e-mail is one student by name and homeroom (decision 0063). */
  sameStudentInFile: (row: number) => englishText(SAME_STUDENT_IN_FILE, { row }),
  /** The rule of a student without e-mail (decision 0063): one per name and homeroom. */
  sameStudentInSchool:
    /*i18n*/ 'A student with this first name, last name and homeroom is already in the school',
  /** Staff give an address only to a student who has none (issue 34); the student changes theirs. */
  studentHasEmail: /*i18n*/ 'This student already has an email address',
  /** Only a student may be imported without an address: staff sign in with theirs. */
  staffEmail: /*i18n*/ 'Staff need an e-mail address; only a student may be imported without one',
  /** An import's answer for another school's e-mail; the preview shows it as new (decision 0045). */
  cannotInvite: /*i18n*/ 'This e-mail cannot be invited',
  overCap: (cap: number) => englishText(OVER_CAP, { cap }),
  /** A student joining by code when every paid place is taken: said to the child (issue 35). */
  schoolFull:
    /*i18n*/ 'Your school has no more places on Wellbank right now. Ask your teacher to make room for you.',
  invitationInvalid: /*i18n*/ 'This invitation link is invalid, used or expired',
  invitationEmail: /*i18n*/ 'Sign up with the e-mail address the invitation was sent to',
  cap: (cap: number) => englishText(CAP, { cap: formatCount(cap) }),
  importDone: (count: number) => englishText(IMPORT_DONE, { count }),
} as const;

/** The fields a row gives, whichever column names the file uses. */
export const ROSTER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'role',
  'grade',
  'homeroom',
] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];
const REQUIRED_FIELDS: readonly RosterField[] = ['first_name', 'last_name', 'email', 'role'];

/** Header names, lower-case without spaces, dashes or underscores; OneRoster's after ours. */
const HEADER_NAMES: Record<string, RosterField> = {
  firstname: 'first_name',
  givenname: 'first_name',
  lastname: 'last_name',
  familyname: 'last_name',
  email: 'email',
  emailaddress: 'email',
  role: 'role',
  grade: 'grade',
  grades: 'grade',
  homeroom: 'homeroom',
};

/**
 * Which column holds which field, from the header row; undefined when a required one is missing.
 * Columns it does not know (OneRoster's sourcedId, status, …) are ignored.
 */
export function rosterColumns(header: readonly string[]): Map<number, RosterField> | undefined {
  const columns = new Map<number, RosterField>();
  header.forEach((name, index) => {
    const field = HEADER_NAMES[name.toLowerCase().replace(/[\s_-]/g, '')];
    if (field && ![...columns.values()].includes(field)) columns.set(index, field);
  });
  const found = new Set(columns.values());
  return REQUIRED_FIELDS.every((field) => found.has(field)) ? columns : undefined;
}

/** "KG" → "K", "05" → "5", "Pre-K" → "PK"; OneRoster's list "09,10" keeps its first grade. */
export function normalizeGrade(value: string): string | undefined {
  const first = (value.split(',')[0] ?? '').trim().toUpperCase().replace(/[\s-]/g, '');
  if (first === '') return '';
  if (first === 'K' || first === 'KG') return 'K';
  if (first === 'PK' || first === 'PREK') return 'PK';
  if (!/^\d{1,2}$/.test(first)) return undefined;
  const grade = Number(first);
  return grade >= 1 && grade <= 12 ? String(grade) : undefined;
}

export function normalizeRole(value: string): RosterRole | 'other' | undefined {
  const role = value.trim().toLowerCase();
  if (role === 'staff') return 'staff';
  if (role in ONEROSTER_ROLES) return ONEROSTER_ROLES[role];
  return ['parent', 'guardian', 'relative'].includes(role) ? 'other' : undefined;
}

const gradeField = z
  .string()
  .max(GRADE_MAX_LENGTH, ROSTER_MESSAGES.grade)
  .regex(/^(PK|K|[1-9]|1[0-2])?$/, ROSTER_MESSAGES.grade);
const homeroomField = z
  .string()
  .trim()
  .max(HOMEROOM_MAX_LENGTH, ROSTER_MESSAGES.homeroom)
  .regex(NO_CONTROL_CHARACTERS, ROSTER_MESSAGES.homeroomControl);

/** A valid row: the sign-up form's name and e-mail rules, a role, and an optional class. */
export const rosterRowSchema = z.object({
  ...userNameFields,
  role: z.enum(ROSTER_ROLES, { error: ROSTER_MESSAGES.role }),
  grade: gradeField.transform((value) => value || null),
  homeroom: homeroomField.transform((value) => value || null),
});
/** A student's row may have no e-mail (decision 0063): the account is made without one. */
const noEmailRowSchema = rosterRowSchema.omit({ email: true });
export type RosterRow = Omit<z.infer<typeof rosterRowSchema>, 'email'> & { email: string | null };

/** A row of the file as its fields (text as written), to a valid row or the first reason it is not. */
export function parseRosterRow(
  fields: Partial<Record<RosterField, string>>,
): { row: RosterRow } | { error: string } {
  const role = normalizeRole(fields.role ?? '');
  if (role === 'other') return { error: ROSTER_MESSAGES.notImportedRole };
  const grade = normalizeGrade(fields.grade ?? '');
  if (grade === undefined) return { error: ROSTER_MESSAGES.grade };
  const input = {
    first_name: fields.first_name ?? '',
    last_name: fields.last_name ?? '',
    email: fields.email ?? '',
    role: role ?? fields.role ?? '',
    grade,
    homeroom: fields.homeroom ?? '',
  };
  if (input.email.trim() === '' && role !== undefined) {
    if (role !== 'student') return { error: ROSTER_MESSAGES.staffEmail };
    const parsed = noEmailRowSchema.safeParse(input);
    if (parsed.success) return { row: { ...parsed.data, email: null } };
    return { error: parsed.error.issues[0]?.message ?? MESSAGES.badRequest };
  }
  const parsed = rosterRowSchema.safeParse(input);
  if (parsed.success) return { row: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? MESSAGES.badRequest };
}

/**
 * The students a school's subscription covers: every student of the tier it bought (a school that
 * paid for 250 has paid the 101–300 tier, so up to 300); 0 when nothing is paid.
 */
export function studentCap(paidNumStudents: number | undefined): number {
  const tier: SubscriptionTier | undefined =
    paidNumStudents === undefined ? undefined : tierFor(paidNumStudents);
  return tier?.max_students ?? 0;
}

// Wire ------------------------------------------------------------------------------------------

/** POST /schools/{id}/roster?dry_run=1 previews; without it (or dry_run=0) imports. */
export const rosterQuerySchema = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'], { error: 'dry_run must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** `created`: a student's row with no e-mail, whose account the import makes (decision 0063). */
export const ROSTER_STATUSES = ['new', 'created', 'member', 'invited', 'error'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** How the preview names each status. */
export const ROSTER_STATUS_LABELS: Record<RosterStatus, string> = {
  new: /*i18n*/ 'New: will be invited',
  created: /*i18n*/ 'New: account without e-mail',
  member: /*i18n*/ 'Already a member',
  invited: /*i18n*/ 'Already invited',
  error: /*i18n*/ 'Error',
};

/** "3 new, 2 without e-mail, 1 already a member, 0 already invited, 2 with errors". */
export function rosterCountsText(counts: RosterCounts): string {
  const members = counts.member === 1 ? 'already a member' : 'already members';
  const errors = counts.error === 1 ? 'with an error' : 'with errors';
  return `${counts.new} new, ${counts.created} without e-mail, ${counts.member} ${members}, ${counts.invited} already invited, ${counts.error} ${errors}`;
}

/** One row of the file: its number (the header is row 1, as a spreadsheet shows it). */
export const rosterRowResultSchema = z.object({
  row: z.number().int(),
  status: z.enum(ROSTER_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  /** Null: a student's row with no e-mail. */
  email: z.string().nullable(),
  role: z.string(),
  grade: z.string().nullable(),
  homeroom: z.string().nullable(),
  /** Why the row is refused; only with status error. */
  error: z.string().optional(),
});
export type RosterRowResult = z.infer<typeof rosterRowResultSchema>;

export const rosterCountsSchema = z.object({
  /** Invitations (to be) sent. */
  new: z.number().int(),
  /** Students without e-mail whose accounts are (to be) made at once. */
  created: z.number().int(),
  member: z.number().int(),
  invited: z.number().int(),
  error: z.number().int(),
});
export type RosterCounts = z.infer<typeof rosterCountsSchema>;

/**
 * The answer: counts, and the rows (every row in a preview; an import lists only the refused ones,
 * the rest being the preview's). `imported` is whether anything was written.
 */
export const rosterResponseSchema = z.object({
  dry_run: z.boolean(),
  counts: rosterCountsSchema,
  rows: z.array(rosterRowResultSchema),
  /** The students the subscription covers, and how many the school has or has invited. */
  student_cap: z.number().int(),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** GET /invitations/{token} (public): what the invite sign-up form is prefilled with. */
export const invitationSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROSTER_ROLES),
  school: z.object({ id: z.number().int(), name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The invitation's token as it comes in a path: 256 bits in base64url. */
export const invitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, ROSTER_MESSAGES.invitationInvalid),
});

/** POST /invitations/{token}/accept: the user sign-up body; the e-mail is the invitation's. */
export const invitationAcceptSchema = z.object({ user: userSignupSchema });

/**
 * POST /schools/{id}/students (staff and admins): a student added by name, without e-mail or
 * password (decision 0063); grade and homeroom optional, as in a roster row.
 */
export const newStudentSchema = z.object({
  first_name: userNameFields.first_name,
  last_name: userNameFields.last_name,
  grade: z
    .string()
    .nullish()
    .transform((value, context) => {
      const grade = normalizeGrade(value ?? '');
      if (grade === undefined) context.addIssue({ code: 'custom', message: ROSTER_MESSAGES.grade });
      return grade || null;
    }),
  homeroom: homeroomField.nullish().transform((value) => value || null),
});
export type NewStudentInput = z.input<typeof newStudentSchema>;
export type NewStudent = z.output<typeof newStudentSchema>;

/**
 * `POST /schools/{id}/users/{userId}/email`: staff give a student without one an address, mailed a
 * link to choose a password (decision 0063). Stored like every address (normalised, ASCII).
 */
export const studentEmailSchema = z.object({ email: userNameFields.email });
export type StudentEmailInput = z.input<typeof studentEmailSchema>;

/** PATCH /schools/{id}/users/{userId}: the coordinator sets a person's grade and homeroom. */
export const classFieldsSchema = z.object({
  grade: gradeField.nullable().transform((value) => value || null),
  homeroom: homeroomField.nullable().transform((value) => value || null),
});
export type ClassFields = z.infer<typeof classFieldsSchema>;

/** The points lists' filters (GET /schools/{id}/staff and /students). */
export const classFilterShape = {
  grade: gradeField
    .min(1, ROSTER_MESSAGES.grade)
    .optional()
    .describe('Only this grade (PK, K, 1–12)'),
  homeroom: homeroomField
    .min(1, 'homeroom must not be empty')
    .optional()
    .describe('Only this homeroom'),
};

/**
 * Staff & students lists at most this many pending invitations (soonest to expire first), with
 * their total: a school's open invitations are bounded by its paid student places and its staff,
 * and a longer list is read in the roster file the coordinator imported.
 */
export const PENDING_INVITATIONS_MAX = 500;

/** One pending invitation (not used, not expired) as Staff & students lists it. */
export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROSTER_ROLES),
  /** ISO timestamps: when the invitation was (last) sent, and when its link stops working. */
  sent_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/**
 * GET /schools/{id}/invitations: the pending invitations (up to `PENDING_INVITATIONS_MAX`), their
 * total, and the school's student places, which pending student invitations take.
 */
export const pendingInvitationsSchema = z.object({
  invitations: z.array(pendingInvitationSchema),
  total: z.number().int(),
  student_places: z.object({ cap: z.number().int(), taken: z.number().int(), paid: z.boolean() }),
});
export type PendingInvitations = z.infer<typeof pendingInvitationsSchema>;

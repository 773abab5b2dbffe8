import { z } from 'zod';
import { isIsoDate, TIME_ZONE_VALUES } from './dates.ts';
import { ACCOUNT_EMAIL_MESSAGES, isAsciiEmail, normaliseEmail } from './email-address.ts';
import { LANGUAGES } from './i18n/languages.ts';
import {
  controlCharactersMessage,
  isoDateMessage,
  MESSAGES,
  NO_CONTROL_CHARACTERS,
  requiredMessage,
  tooBigMessage,
  tooLongMessage,
} from './messages.ts';

/**
 * One schema per form and request body: the browser validates with it before sending, the server
 * validates the same body again (SPEC.md §5). Field names are the wire's snake_case.
 */

export const SCHOOL_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the CPU. */
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredText(label: string, max = 100) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, tooLongMessage(label, max))
    .regex(NO_CONTROL_CHARACTERS, controlCharactersMessage(label));
}

/** An address to find an account by: normalised as when it was stored (email-address.ts). */
function emailField(message: string) {
  return z
    .string({ error: message })
    .overwrite(normaliseEmail)
    .max(EMAIL_MAX_LENGTH, tooLongMessage(/*i18n*/ 'Email', EMAIL_MAX_LENGTH))
    .regex(EMAIL_PATTERN, message);
}

/**
 * An address to store: ASCII only besides. Not asked of a login's address, so an account made
 * before the rule still signs in with its own.
 */
function newEmailField(message: string) {
  return emailField(message).refine(isAsciiEmail, ACCOUNT_EMAIL_MESSAGES.notAscii);
}

export const passwordField = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, tooLongMessage(/*i18n*/ 'Password', PASSWORD_MAX_LENGTH));

export const schoolCodeField = z
  .string({ error: MESSAGES.invalidSchoolCode })
  .trim()
  // abort: a code of the wrong length gets the SPEC.md message alone, not a second one too.
  .length(SCHOOL_CODE_LENGTH, { error: MESSAGES.invalidSchoolCode, abort: true })
  .regex(/^[A-Za-z0-9]+$/, MESSAGES.schoolCodeCharacters)
  .toUpperCase();

function passwordsMatch(
  confirmationKey: 'verify_password' | 'password_confirmation',
): [
  (value: Record<string, unknown>) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] {
  return [
    (value) => (value.password ?? '') === (value[confirmationKey] ?? ''),
    {
      message: MESSAGES.passwordsDoNotMatch,
      path: [confirmationKey],
      // Report a mismatch together with the other fields' errors, not only once they are fixed.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  ];
}

// Authentication -------------------------------------------------------------------------------

export const loginSchema = z.object({
  email: emailField(MESSAGES.invalidEmailLogin),
  password: passwordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField(MESSAGES.invalidEmailLogin) });

export const resetPasswordFormSchema = z
  .object({ password: passwordField, password_confirmation: z.string() })
  .refine(...passwordsMatch('password_confirmation'));

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, MESSAGES.resetLinkInvalid).max(200, MESSAGES.resetLinkInvalid),
    email: emailField(MESSAGES.invalidEmailLogin),
    password: passwordField,
    password_confirmation: z.string(),
  })
  .refine(...passwordsMatch('password_confirmation'));

// Users ----------------------------------------------------------------------------------------

/** The sign-up form's name and e-mail rules (also a roster row's, roster.ts). */
export const userNameFields = {
  first_name: requiredText(/*i18n*/ 'First name', 50),
  last_name: requiredText(/*i18n*/ 'Last name', 50),
  email: newEmailField(MESSAGES.invalidEmailSignup),
};

/**
 * The language a person reads Wellbank in (decision 0034): optional at sign-up (the request's
 * Accept-Language is stored instead) and in a profile update.
 */
export const languageField = z
  .enum(LANGUAGES, { error: /*i18n*/ 'Language must be en (English) or es (Spanish)' })
  .describe('The language the user reads Wellbank and its e-mails in');

export const userSignupSchema = z
  .object({
    ...userNameFields,
    password: passwordField,
    verify_password: z.string(),
    language: languageField.optional(),
  })
  .refine(...passwordsMatch('verify_password'));
export type UserSignupInput = z.infer<typeof userSignupSchema>;

/** The sign-up form adds the privacy agreement, which is never sent (SPEC.md §5). */
export const userSignupFormSchema = z
  .object({
    ...userNameFields,
    password: passwordField,
    verify_password: z.string(),
    privacy: z.literal(true, { error: MESSAGES.mustAcceptPrivacy }),
  })
  .refine(...passwordsMatch('verify_password'));
export type UserSignupFormInput = z.infer<typeof userSignupFormSchema>;

/**
 * Profile update: an empty password keeps the current one; a new one needs the current one too
 * (checked by the server), so that a session left open cannot take over the account.
 */
export const userUpdateSchema = z
  .object({
    ...userNameFields,
    /** Absent keeps the address; an account without one (decision 0063) may leave it out. */
    email: userNameFields.email.optional(),
    language: languageField.optional(),
    password: z.union([z.literal(''), passwordField]).optional(),
    verify_password: z.string().optional(),
    current_password: z
      .string()
      .max(PASSWORD_MAX_LENGTH, tooLongMessage(/*i18n*/ 'Current password', PASSWORD_MAX_LENGTH))
      .optional(),
  })
  .refine(...passwordsMatch('verify_password'))
  .refine((value) => !value.password || Boolean(value.current_password), {
    message: MESSAGES.currentPasswordRequired,
    path: ['current_password'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/**
 * The profile form, which knows the address the account has: a new one needs the current
 * password too (decision 0044; the server checks the same against the stored address). An account
 * without one (null, decision 0063) may leave the field empty, and adds its first address without
 * a password: it has none.
 */
export function userUpdateFormSchema(currentEmail: string | null) {
  if (currentEmail === null) {
    return z.preprocess(
      (value: Record<string, unknown>) =>
        value.email === '' ? { ...value, email: undefined } : value,
      userUpdateSchema,
    );
  }
  return userUpdateSchema.refine(
    (value) => value.email === currentEmail || Boolean(value.current_password),
    {
      message: ACCOUNT_EMAIL_MESSAGES.currentPasswordForEmail,
      path: ['current_password'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
}

/**
 * `PATCH /users/{id}`: the profile (`user`), the language alone (`{ "language": "es" }`, the
 * web's language switch), or both. `user` stays required without a language, as it always was.
 */
export const userUpdateRequestSchema = z
  .object({ user: userUpdateSchema.optional(), language: languageField.optional() })
  .refine((body) => body.user !== undefined || body.language !== undefined, {
    message: requiredMessage(/*i18n*/ 'User'),
    path: ['user'],
  });

// Schools --------------------------------------------------------------------------------------

export const schoolFieldsSchema = z.object({
  name: requiredText(/*i18n*/ 'School name'),
  code: schoolCodeField,
  time_zone: z.enum(TIME_ZONE_VALUES, { error: /*i18n*/ 'Please choose a time zone' }),
  contact_name: requiredText(/*i18n*/ 'Contact name'),
  contact_email: newEmailField(MESSAGES.invalidEmailSignup),
  contact_phone: requiredText(/*i18n*/ 'Contact phone', 30).regex(
    /^[0-9+().\-\s]{7,30}$/,
    /*i18n*/ 'Please enter a valid phone number',
  ),
  address: requiredText(/*i18n*/ 'Address', 200),
  city: requiredText(/*i18n*/ 'City'),
  state: requiredText(/*i18n*/ 'State', 50),
  zip_code: requiredText(/*i18n*/ 'ZIP code', 10).regex(
    /^\d{5}(-\d{4})?$/,
    /*i18n*/ 'Please enter a valid ZIP code',
  ),
});
export type SchoolFields = z.infer<typeof schoolFieldsSchema>;

export const coordinatorSchema = z
  .object({
    ...userNameFields,
    password: passwordField,
    password_confirmation: z.string(),
    language: languageField.optional(),
  })
  .refine(...passwordsMatch('password_confirmation'));

export const schoolSignupRequestSchema = z.object({
  school: schoolFieldsSchema,
  user: coordinatorSchema,
});
export type SchoolSignupRequest = z.infer<typeof schoolSignupRequestSchema>;

export const schoolCodeQuerySchema = z.object({ code: schoolCodeField });

// Teams ----------------------------------------------------------------------------------------

export const findTeamQuerySchema = z.object({
  email: z
    .string({ error: MESSAGES.invalidEmailFindTeam })
    .overwrite(normaliseEmail)
    .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmailFindTeam)
    .regex(/@/, MESSAGES.invalidEmailFindTeam),
});

// Joining ------------------------------------------------------------------------------------

/**
 * DESIGN.md §1.5: joining proves what the person was given, the school code or the team captain's
 * e-mail, beside the sign-up form. The server compares it with the school or team of the address;
 * a missing or wrong proof is answered like an unknown id (404), so the schema only normalises it
 * as its lookup does and bounds its length.
 */
const joinProof = (message: string) =>
  z.string({ error: message }).trim().max(EMAIL_MAX_LENGTH, message);

/** `POST /schools/{id}/users`. */
export const schoolJoinRequestSchema = z.object({
  user: userSignupSchema,
  code: joinProof(MESSAGES.invalidSchoolCode).toUpperCase().optional(),
});

/** `POST /teams/{id}/signup`. */
export const teamJoinRequestSchema = z.object({
  user: userSignupSchema,
  captain_email: joinProof(MESSAGES.invalidEmailFindTeam).overwrite(normaliseEmail).optional(),
});

// Semesters ------------------------------------------------------------------------------------

const isoDateField = (label: string) =>
  z.string({ error: requiredMessage(label) }).refine(isIsoDate, isoDateMessage(label));

export const POINTS_NEEDED_MAX = 1_000_000;

export const semesterSchema = z
  .object({
    start_date: isoDateField(/*i18n*/ 'Start date'),
    end_date: isoDateField(/*i18n*/ 'End date'),
    points_needed: z
      .number({ error: requiredMessage(/*i18n*/ 'Points needed') })
      .int(/*i18n*/ 'Points needed must be a whole number')
      .min(1, /*i18n*/ 'Points needed must be at least 1')
      .max(POINTS_NEEDED_MAX, tooBigMessage(/*i18n*/ 'Points needed', POINTS_NEEDED_MAX)),
  })
  .refine((s) => s.start_date < s.end_date, {
    message: /*i18n*/ 'End date must be after the start date',
    path: ['end_date'],
  });
export type SemesterInput = z.infer<typeof semesterSchema>;

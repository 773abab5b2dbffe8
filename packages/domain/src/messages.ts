import { DASHBOARD_TEXTS } from './dashboard-texts.ts';
import { englishText, textTemplate } from './i18n/texts.ts';

/** Every user-facing sentence that SPEC.md or DESIGN.md fixes, typed once. */
export const MESSAGES = {
  productName: 'Wellbank',
  ...DASHBOARD_TEXTS,
  invalidSchoolCode: /*i18n*/ 'Invalid school code (code must be 6 characters long)',
  schoolCodeCharacters: /*i18n*/ 'School code may only contain letters and digits',
  invalidEmailSignup: /*i18n*/ 'Please enter a valid email address',
  invalidEmailLogin: /*i18n*/ 'Invalid email address',
  invalidEmailFindTeam: /*i18n*/ 'Invalid email',
  passwordTooShort: /*i18n*/ 'Password must be at least 6 characters long',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match',
  currentPasswordRequired: /*i18n*/ 'Please enter your current password to set a new one',
  currentPasswordWrong: /*i18n*/ 'Your current password is not correct',
  mustAcceptPrivacy: /*i18n*/ 'Please accept the privacy policy and terms',
  policyVersionChanged:
    /*i18n*/ 'The policies changed while you were reading them. Please reload the page and read the new version.',
  loginFailed: /*i18n*/ 'Invalid email or password',
  forgotPasswordReceived:
    /*i18n*/ 'Request received. An email will be sent with password reset instructions.',
  resetLinkInvalid: /*i18n*/ 'This password reset link is invalid or has expired',
  emailTaken: /*i18n*/ 'An account with this email already exists',
  schoolCodeTaken: /*i18n*/ 'That school code is already taken',
  schoolNotFound: /*i18n*/ 'No school found with that code',
  teamNotFound: /*i18n*/ 'No team found for that email',
  noResults: /*i18n*/ 'No results found.',
  donationCanceled: /*i18n*/ 'Donation canceled.',
  paymentCanceled: /*i18n*/ 'Payment canceled.',
  donationSuccessful: /*i18n*/ 'Donation successful!',
  paymentSuccessful: /*i18n*/ 'Payment successful!',
  noSavings:
    /*i18n*/ 'No savings to use yet: a day with $8 of exercise earns a piggy bank for the next days',
  notSignedIn: /*i18n*/ 'Please sign in',
  forbidden: /*i18n*/ 'You are not allowed to do that',
  notFound: /*i18n*/ 'Not found',
  malformedJson: /*i18n*/ 'The request body is not valid JSON',
  badHostHeader: /*i18n*/ 'The Host header is not a valid host name',
  passwordTooCommon:
    /*i18n*/ 'This password is one of the most common ones and easy to guess. Please choose another.',
  serverError: /*i18n*/ 'Something went wrong on our side. Please try again.',
  // Refusals of the HTTP exchange itself (apps/api http/protocol-errors.ts), before any route.
  badRequest: /*i18n*/ 'The request is malformed',
  requestTimeout: /*i18n*/ 'The request took too long to arrive',
  bodyTooLarge: /*i18n*/ 'The request body is too large',
  unsupportedMediaType: /*i18n*/ 'The request body must be JSON (Content-Type: application/json)',
  expectationFailed: /*i18n*/ 'The Expect header is not supported',
  preconditionFailed: /*i18n*/ 'The file does not match the conditions of the request',
  rangeNotSatisfiable: /*i18n*/ 'The requested range is outside the file',
  headersTooLarge: /*i18n*/ 'The request line or headers are too large',
  serverRestarting: /*i18n*/ 'The server is restarting. Please try again in a moment.',
  serverBusy: /*i18n*/ 'Wellbank is very busy right now. Please try again in a few seconds.',
  // Past days (docs/rules.md "Past days", day-window.ts).
  malformedDate: /*i18n*/ 'The date must be a real day written as YYYY-MM-DD.',
  dayNotEditable: /*i18n*/ 'Only today and yesterday can be changed.',
  dayInFuture: /*i18n*/ 'That day has not happened yet.',
  piggyBankUsedLater:
    /*i18n*/ 'The piggy bank this day earned was already used on a later day. Undo savings on that day first.',
} as const;

const REQUIRED = textTemplate(/*i18n*/ '{label} is required', { label: 'text' });
const TOO_LONG = textTemplate(/*i18n*/ '{label} must be at most {max} characters', {
  label: 'text',
  max: 'number',
});
const TOO_BIG = textTemplate(/*i18n*/ '{label} must be at most {max}', {
  label: 'text',
  max: 'number',
});
const NOT_AN_ISO_DATE = textTemplate(/*i18n*/ '{label} must be a date (YYYY-MM-DD)', {
  label: 'text',
});
const CONTROL_CHARACTERS = textTemplate(
  /*i18n*/ '{label} may not contain line breaks or control characters',
  { label: 'text' },
);
const UNKNOWN_TYPE = textTemplate(/*i18n*/ 'Unknown activity type "{type}"');
const UNKNOWN_HYGIENE = textTemplate(
  /*i18n*/ 'Unknown activity type "{type}" (hygiene is logged as "cleanliness")',
);
const TYPE_MISMATCH = textTemplate(
  /*i18n*/ 'activity_type "{bodyType}" does not match the address ({pathType})',
);
const TRY_AGAIN_SECONDS = textTemplate(
  /*i18n*/ 'Too many attempts. Please try again in {count, plural, one {# second} other {# seconds}}.',
  { count: 'number' },
);
const TRY_AGAIN_MINUTES = textTemplate(
  /*i18n*/ 'Too many attempts. Please try again in {count, plural, one {# minute} other {# minutes}}.',
  { count: 'number' },
);

export function requiredMessage(label: string): string {
  return englishText(REQUIRED, { label });
}

export function tooLongMessage(label: string, max: number): string {
  return englishText(TOO_LONG, { label, max });
}

/** A number over its limit: "Points needed must be at most 1000000" (a field's label, or a key). */
export function tooBigMessage(label: string, max: number): string {
  return englishText(TOO_BIG, { label, max });
}

/** A date the API reads as YYYY-MM-DD (the web's form reads the reader's own format first). */
export function isoDateMessage(label: string): string {
  return englishText(NOT_AN_ISO_DATE, { label });
}
export function controlCharactersMessage(label: string): string {
  return englishText(CONTROL_CHARACTERS, { label });
}

/**
 * No C0/C1 control character (NUL, tab, line breaks, escape…): PostgreSQL cannot store NUL at all,
 * and the others only break the CSV files, logs and screens the text is shown in.
 */
export const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

export function unknownActivityTypeMessage(type: string): string {
  return englishText(type === 'hygiene' ? UNKNOWN_HYGIENE : UNKNOWN_TYPE, { type });
}

export function activityTypeMismatchMessage(bodyType: string, pathType: string): string {
  return englishText(TYPE_MISMATCH, { bodyType, pathType });
}

export function tryAgainMessage(seconds: number): string {
  return seconds < 60
    ? englishText(TRY_AGAIN_SECONDS, { count: Math.max(1, Math.ceil(seconds)) })
    : englishText(TRY_AGAIN_MINUTES, { count: Math.ceil(seconds / 60) });
}

import { DASHBOARD_TEXTS } from './dashboard-texts.ts';

/** Every user-facing sentence that SPEC.md or DESIGN.md fixes, typed once. */
export const MESSAGES = {
  productName: 'Wellbank',
  ...DASHBOARD_TEXTS,
  invalidSchoolCode: 'Invalid school code (code must be 6 characters long)',
  schoolCodeCharacters: 'School code may only contain letters and digits',
  invalidEmailSignup: 'Please enter a valid email address',
  invalidEmailLogin: 'Invalid email address',
  invalidEmailFindTeam: 'Invalid email',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Please enter your current password to set a new one',
  currentPasswordWrong: 'Your current password is not correct',
  mustAcceptPrivacy: 'Please accept the privacy policy and terms',
  policyVersionChanged:
    'The policies changed while you were reading them. Please reload the page and read the new version.',
  loginFailed: 'Invalid email or password',
  forgotPasswordReceived:
    'Request received. An email will be sent with password reset instructions.',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  emailTaken: 'An account with this email already exists',
  schoolCodeTaken: 'That school code is already taken',
  schoolNotFound: 'No school found with that code',
  teamNotFound: 'No team found for that email',
  noResults: 'No results found.',
  donationCanceled: 'Donation canceled.',
  paymentCanceled: 'Payment canceled.',
  donationSuccessful: 'Donation successful!',
  paymentSuccessful: 'Payment successful!',
  noSavings:
    'No savings to use yet: a day with $8 of exercise earns a piggy bank for the next days',
  notSignedIn: 'Please sign in',
  forbidden: 'You are not allowed to do that',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  badHostHeader: 'The Host header is not a valid host name',
  serverError: 'Something went wrong on our side. Please try again.',
  // Refusals of the HTTP exchange itself (apps/api http/protocol-errors.ts), before any route.
  badRequest: 'The request is malformed',
  requestTimeout: 'The request took too long to arrive',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json)',
  expectationFailed: 'The Expect header is not supported',
  preconditionFailed: 'The file does not match the conditions of the request',
  rangeNotSatisfiable: 'The requested range is outside the file',
  headersTooLarge: 'The request line or headers are too large',
  serverRestarting: 'The server is restarting. Please try again in a moment.',
  serverBusy: 'Wellbank is very busy right now. Please try again in a few seconds.',
  // Past days (docs/rules.md "Past days", day-window.ts).
  malformedDate: 'The date must be a real day written as YYYY-MM-DD.',
  dayNotEditable: 'Only today and yesterday can be changed.',
  dayInFuture: 'That day has not happened yet.',
  piggyBankUsedLater:
    'The piggy bank this day earned was already used on a later day. Undo savings on that day first.',
} as const;

export function requiredMessage(label: string): string {
  return `${label} is required`;
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

export function unknownActivityTypeMessage(type: string): string {
  const hint = type === 'hygiene' ? ' (hygiene is logged as "cleanliness")' : '';
  return `Unknown activity type "${type}"${hint}`;
}

export function activityTypeMismatchMessage(bodyType: string, pathType: string): string {
  return `activity_type "${bodyType}" does not match the address (${pathType})`;
}

export function tryAgainMessage(seconds: number): string {
  const [count, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : [Math.ceil(seconds / 60), 'minute'];
  return `Too many attempts. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

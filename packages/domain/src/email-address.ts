import { z } from 'zod';

/**
 * E-mail addresses (issue 31 §3, decision 0044). One address is one spelling: trimmed, lower-case,
 * without the trailing dot that DNS ignores ("pat@school.org." is pat@school.org), so two accounts
 * cannot hold one mailbox. A new address is plain ASCII: a Cyrillic "ѕ" in place of an "s" looks
 * the same on screen and is another mailbox, which someone else may own.
 */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase().replace(/\.+$/, '');
}

/** Printable ASCII only: letters a–z, digits and the punctuation an address may hold. */
export function isAsciiEmail(email: string): boolean {
  return /^[\x21-\x7e]*$/.test(email);
}

export const ACCOUNT_EMAIL_MESSAGES = {
  notAscii:
    /*i18n*/ 'Please type your email address again with plain letters (a to z), digits and . _ - + only: a letter from another alphabet can look the same but is a different address',
  invited:
    /*i18n*/ 'This email address has an invitation from a school: please sign up with the link in that invitation',
  currentPasswordForEmail: /*i18n*/ 'Please enter your current password to change your email',
  confirmed: /*i18n*/ 'Your email address is confirmed. It is the one you sign in with.',
  undone:
    /*i18n*/ 'Your email address is back. Every session was signed out: sign in again, and change your password if someone else knows it.',
  linkInvalid: /*i18n*/ 'This link is invalid, has expired or was already used',
} as const;

/** `POST /email-links`: the token of a mailed confirmation or undo link. */
export const emailLinkRequestSchema = z.object({
  token: z
    .string({ error: ACCOUNT_EMAIL_MESSAGES.linkInvalid })
    .min(1, ACCOUNT_EMAIL_MESSAGES.linkInvalid)
    .max(200, ACCOUNT_EMAIL_MESSAGES.linkInvalid),
});

/** What the link's page tells the person: confirmed, or restored. */
export const emailLinkResultSchema = z.object({ message: z.string() });

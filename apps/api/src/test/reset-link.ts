import { simpleParser } from 'mailparser';
import type { MailMessage } from '../modules/mail/mailer.ts';

/** The token of the reset link in a raw RFC 822 message, as a mail reader would show it. */
export async function resetTokenInMail(raw: Buffer): Promise<string> {
  const { text } = await simpleParser(raw);
  const token = text?.match(/[?&]token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(token);
}

/**
 * The token of the last reset link in the in-memory mailbox for `email`: an account's first mail
 * is its address's confirmation link (decision 0044), so the reset mail is told by its link.
 */
export function lastResetToken(mailbox: readonly MailMessage[], email: string): string {
  const mail = mailbox.findLast(
    (message) => message.to === email && message.text.includes('/forgot-password/reset?'),
  );
  const token = mail?.text.match(/[?&]token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(token);
}

import { simpleParser } from 'mailparser';

/** The token of the reset link in a raw RFC 822 message, as a mail reader would show it. */
export async function resetTokenInMail(raw: Buffer): Promise<string> {
  const { text } = await simpleParser(raw);
  const token = text?.match(/[?&]token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(token);
}

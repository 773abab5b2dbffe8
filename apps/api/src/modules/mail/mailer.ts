import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header lines (a reminder's List-Unsubscribe, say). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** SMTP server URL (`smtp://user:pass@host:587`); without it mail is written to `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

/** DESIGN.md §1.7: SMTP when configured, otherwise one RFC 822 file per message; never dropped. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

/**
 * Nodemailer's defaults wait up to 2 min to connect and 10 min on a silent socket; a send that
 * hangs is better failed and retried by the queue, within the mail job's 5-minute expiry.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

function outboxMailer({ outboxDir, from, log }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const path = join(outboxDir, outboxFileName(new Date()));
      await writeFile(path, info.message as Buffer, { flag: 'wx' });
      log(`Mail to ${message.to}: "${message.subject}" written to ${path}`);
    },
  };
}

/** ISO timestamp with `:` and `.` replaced, so names sort by time and are valid on every OS. */
function outboxFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(6).toString('hex')}.eml`;
}

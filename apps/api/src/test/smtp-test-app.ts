import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createMailer } from '../modules/mail/mailer.ts';
import { type SmtpAnswer, startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

export type SmtpTestApp = TestApp & { smtp: TestSmtpServer };

/**
 * The preamble of a mail job's test file: an app whose mail leaves through the queue's workers,
 * as in production, to a real SMTP server on loopback (`smtp`), both opened for the file's tests
 * and closed after them (useTestApp). `answer` decides each message, as startSmtpServer's does.
 */
export function useSmtpTestApp(
  options: { answer?: (mail: { to: string; attempt: number }) => SmtpAnswer } & Pick<
    TestAppOptions,
    'queueOptions'
  > = {},
): SmtpTestApp {
  return useTestApp(async () => {
    const smtp = await startSmtpServer(options.answer);
    const app = await createTestApp({
      mailer: createMailer({
        smtpUrl: smtp.url,
        outboxDir: join(tmpdir(), 'unused'),
        from: 'Wellbank <no-reply@wellbank.test>',
        log: () => {},
      }),
      workers: true,
      queueOptions: options.queueOptions,
    });
    return {
      ...app,
      smtp,
      async close() {
        await app.close();
        await smtp.close();
      },
    };
  });
}

/** The mails the SMTP server took for `email`, parsed, in the order they came. */
export async function mailsTo(
  smtp: TestSmtpServer,
  email: string,
): Promise<{ subject: string; text: string }[]> {
  const mails = smtp.received.filter((mail) =>
    mail.envelope.rcptTo.some((recipient) => recipient.address === email),
  );
  return Promise.all(
    mails.map(async (mail) => {
      const parsed = await simpleParser(mail.raw);
      return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}

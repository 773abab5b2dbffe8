import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';

/** How the server answers a message: take it, refuse it (451, try later), or never answer. */
export type SmtpAnswer = 'accept' | 'refuse' | 'stall';

interface ReceivedMail {
  envelope: SMTPServerEnvelope;
  raw: Buffer;
}

/**
 * A loopback SMTP server for tests. `answer` decides each message from its recipients and the
 * how-many-th attempt to them it is (1 for the first); only accepted messages are `received`.
 */
export async function startSmtpServer(
  answer: (mail: { to: string; attempt: number }) => SmtpAnswer = () => 'accept',
) {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  let onStall = () => {};
  const stalled = new Promise<void>((resolve) => {
    onStall = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    secure: false,
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const decision = answer({ to, attempt });
        if (decision === 'stall') return onStall();
        if (decision === 'refuse') {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push({ envelope: session.envelope, raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Attempts so far, by recipient. */
    attempts,
    /** Resolves when a message is first left unanswered. */
    stalled,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test/outbox.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { createMailer } from './mailer.ts';

const FROM = 'Wellbank <no-reply@wellbank.test>';
const RESET_LINK =
  'http://localhost:3000/forgot-password/reset?token=0123456789abcdef0123456789abcdef0123456789abcdef&email=pat%40school.test';
const message = {
  to: 'pat@school.test',
  subject: 'Reset your Wellbank password',
  text: `Hello Pat,\n\nOpen this link to choose a new password:\n${RESET_LINK}\n\nIt expires in 1 hour.`,
};

describe('createMailer', () => {
  let dir: string;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wellbank-mail-'));
    lines.length = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers the message to the SMTP server named by the URL', async () => {
    const smtp = await startSmtpServer();
    try {
      const outboxDir = join(dir, 'outbox');
      const mailer = createMailer({
        smtpUrl: smtp.url,
        outboxDir,
        from: FROM,
        log,
      });
      await mailer.send(message);

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.envelope.mailFrom).toMatchObject({ address: 'no-reply@wellbank.test' });
      expect(mail?.envelope.rcptTo.map((r) => r.address)).toEqual(['pat@school.test']);
      const parsed = await simpleParser(mail?.raw ?? Buffer.alloc(0));
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.text?.trim()).toBe(message.text);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('rejects when the SMTP server cannot be reached instead of dropping the message', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: join(dir, 'outbox'),
      from: FROM,
      log,
    });
    await expect(mailer.send(message)).rejects.toThrow();
  });

  it('writes an RFC 822 file to the outbox directory, creating it, when no SMTP URL is set', async () => {
    const outboxDir = join(dir, 'data', 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: FROM, log });
    await mailer.send(message);

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]+\.eml$/);
    const parsed = await simpleParser(await readFile(join(outboxDir, files[0] ?? '')));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : undefined).toBe(message.to);
    expect(parsed.from?.value).toEqual([{ name: 'Wellbank', address: 'no-reply@wellbank.test' }]);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(parsed.date).toBeInstanceOf(Date);
  });

  it('logs the recipient, the subject and the file it wrote', async () => {
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ outboxDir, from: FROM, log });
    await mailer.send(message);

    const [file] = await readdir(outboxDir);
    expect(lines).toEqual([
      `Mail to pat@school.test: "Reset your Wellbank password" written to ${join(outboxDir, file ?? '')}`,
    ]);
  });

  it('keeps every message as its own file', async () => {
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ outboxDir, from: FROM, log });
    await Promise.all([1, 2, 3].map((n) => mailer.send({ ...message, subject: `Message ${n}` })));

    expect(await readdir(outboxDir)).toHaveLength(3);
    expect(lines).toHaveLength(3);
  });
});

describe('readOutbox', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wellbank-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('returns no messages when the outbox does not exist yet', async () => {
    expect(await readOutbox(join(dir, 'missing'))).toEqual([]);
  });

  it('decodes long lines and non-ASCII text so a reset link can be found verbatim', async () => {
    const mailer = createMailer({ outboxDir: dir, from: FROM, log: () => {} });
    const text = `Bonjour Zoë — ${RESET_LINK}&padding=${'x'.repeat(200)}`;
    await mailer.send({ to: 'zoe@school.test', subject: 'Réinitialiser ✓', text });

    const [read] = await readOutbox(dir);
    expect(read?.to).toBe('zoe@school.test');
    expect(read?.subject).toBe('Réinitialiser ✓');
    expect(read?.text.trim()).toBe(text);
    expect(read?.text).toContain(RESET_LINK);
  });

  it('returns the messages oldest first', async () => {
    const mailer = createMailer({ outboxDir: dir, from: FROM, log: () => {} });
    await mailer.send({ ...message, subject: 'First' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({ ...message, subject: 'Second' });

    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(['First', 'Second']);
  });
});

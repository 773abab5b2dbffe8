import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Test helper: every message in the outbox, oldest first, decoded by a real MIME parser. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map((name) => parseMessage(join(outboxDir, name))));
}

async function parseMessage(path: string): Promise<OutboxMessage> {
  const parsed = await simpleParser(await readFile(path));
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : parsed.to?.text;
  return { to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

import { join } from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox } from '../../../api/src/test/outbox.ts';

/** The newest password-reset link the server mailed to `email` (DATA_DIR/outbox, no SMTP_URL). */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await readOutbox(outbox)).filter((m) => m.to.includes(email));
      link = messages.at(-1)?.text.match(/https?:\/\/\S+\/forgot-password\/reset\?\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/** The newest invitation link the server mailed to `email` (a roster import, decision 0030). */
export async function invitationLinkFor(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await readOutbox(outbox)).filter((m) => m.to.includes(email));
      link = messages.at(-1)?.text.match(/https?:\/\/\S+\/sign-up\/invite\/[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

import { join } from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox } from '../../../api/src/test/outbox.ts';

/**
 * The newest link matching `pattern` that the server mailed to `email` (DATA_DIR/outbox, no
 * SMTP_URL). Other mail to the same address (a sign-up's confirmation link) is passed over.
 */
async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await readOutbox(outbox)).filter((m) => m.to.includes(email));
      link = messages.map((m) => m.text.match(pattern)?.[0]).findLast(Boolean);
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/** The newest password-reset link mailed to `email`. */
export function resetLinkFor(email: string): Promise<string> {
  return mailedLink(email, /https?:\/\/\S+\/forgot-password\/reset\?\S+/);
}

/** The newest invitation link mailed to `email` (a roster import, decision 0030). */
export function invitationLinkFor(email: string): Promise<string> {
  return mailedLink(email, /https?:\/\/\S+\/sign-up\/invite\/[A-Za-z0-9_-]+/);
}

/** The newest confirmation or undo link mailed to `email` (decision 0044). */
export function emailLinkFor(
  email: string,
  page: 'confirm-email' | 'undo-email-change',
): Promise<string> {
  return mailedLink(email, new RegExp(`https?://\\S+/${page}\\?\\S+`));
}

/** The join link of the school-sign-up welcome mail to `email` (decision 0061). */
export function joinLinkFor(email: string): Promise<string> {
  return mailedLink(email, /https?:\/\/\S+\/sign-up\/join\/schools\?code=\S+/);
}

import type { Mailer } from '../mail/mailer.ts';
import type { ReminderKeys, UnsubscribeClaim } from './reminder-keys.ts';

/**
 * The one-click unsubscribe of every e-mail that can be turned off (decision 0029): a signed
 * token of one purpose, the page that asks first, and RFC 8058's two headers, which mail
 * providers POST to. The reminders and the family's weekly e-mail (decision 0080) share it.
 */
export interface UnsubscribeLinks {
  /** The web page that asks before turning off (link scanners follow GETs). */
  page: string;
  /** RFC 8058's one-click address, which mail providers POST to. */
  oneClick: string;
}

export async function unsubscribeLinks(
  deps: { keys: ReminderKeys; mailUrl: string },
  claim: UnsubscribeClaim,
): Promise<UnsubscribeLinks> {
  const token = await deps.keys.unsubscribeToken(claim);
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${deps.mailUrl}/unsubscribe?${query}`,
    oneClick: `${deps.mailUrl}/api/v1/reminders/unsubscribe?${query}`,
  };
}

/** Sends the e-mail with the POST address and "one click suffices" (RFC 8058 §3.1). */
export function sendWithUnsubscribe(
  mailer: Mailer,
  message: { to: string; subject: string; text: string; links: UnsubscribeLinks },
): Promise<void> {
  const { links, ...mail } = message;
  return mailer.send({
    ...mail,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

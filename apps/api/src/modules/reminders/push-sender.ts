import type { PushPayload } from '@wellbank/domain';
import webPush from 'web-push';
import type { VapidKeys } from './reminder-keys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service no longer knows the subscription (404/410), so it is deleted. */
export type PushResult = 'sent' | 'gone';

export interface PushSender {
  /** Throws when the push service could not take it (a retry may do better). */
  send(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number },
  ): Promise<PushResult>;
}

/** A push service that does not answer within this is failed, and the batch retried. */
const PUSH_TIMEOUT_MS = 15_000;

/**
 * Web Push through the `web-push` package (decision 0029): it encrypts the payload for the
 * subscription's keys (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request
 * itself goes out with `fetch`, which has a timeout and speaks http to the tests' loopback push
 * service (web-push's own sender speaks https only).
 */
export function createWebPushSender(options: {
  vapid: () => Promise<VapidKeys>;
  /** The VAPID contact, `mailto:` or `https:` (push services reject others). */
  subject: string;
}): PushSender {
  return {
    async send(target, payload, { ttlSeconds }) {
      const { publicKey, privateKey } = await options.vapid();
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, publicKey, privateKey },
          TTL: ttlSeconds,
          urgency: 'normal',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}

/**
 * The VAPID contact push services may write to: the https APP_URL, else MAIL_FROM's address
 * (Apple's service refuses a `localhost` subject).
 */
export function vapidSubject(appUrl: string | undefined, mailFrom: string): string {
  if (appUrl?.startsWith('https://')) return appUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Push services a subscription may name (the browsers' own). The server POSTs to the endpoint a
 * browser sent, so without this list a signed-in user could make it call any address.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

export function isKnownPushService(endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host,
  );
}

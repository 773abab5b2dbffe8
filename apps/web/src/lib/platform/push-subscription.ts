import { REMINDER_MESSAGES } from '@wellbank/domain';
import { api, apiRequest } from './api-client';

/**
 * Web Push on this device (issue 15, decision 0029): the browser's subscription, made with the
 * server's VAPID key through the service worker, and stored on the server under this session.
 */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration; none within a few seconds means push cannot work here. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) => {
    setTimeout(() => reject(new Error(REMINDER_MESSAGES.pushUnsupported)), 10_000);
  });
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** This browser cannot or will not show Wellbank's notifications; the message says which. */
export class PushRefused extends Error {}

/** Asks for permission (a click started this), subscribes, and tells the server. */
export async function subscribeThisDevice(userId: number): Promise<void> {
  if (!isPushSupported()) throw new PushRefused(REMINDER_MESSAGES.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(REMINDER_MESSAGES.pushDenied);
  const worker = await registration();
  const { public_key } = await api.get<{ public_key: string }>('/push/vapid-public-key', {
    auth: true,
  });
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  await api.post(`/users/${userId}/push-subscriptions`, subscription.toJSON(), { auth: true });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const worker = await navigator.serviceWorker.getRegistration();
  return (await worker?.pushManager.getSubscription()) ?? null;
}

export async function isThisDeviceSubscribed(): Promise<boolean> {
  return (await currentSubscription()) !== null;
}

/**
 * Stops push here: the server forgets the device (when `userId` is given), the browser its
 * subscription. Logging out deletes the server's row with the session, so logout passes none.
 */
export async function unsubscribeThisDevice(userId?: number): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (userId !== undefined) {
    await apiRequest(`/users/${userId}/push-subscriptions`, {
      method: 'DELETE',
      auth: true,
      body: { endpoint: subscription.endpoint },
    });
  }
  await subscription.unsubscribe();
}

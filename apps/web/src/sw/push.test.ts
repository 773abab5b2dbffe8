import { REMINDER_MESSAGES } from '@wellbank/domain';
import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, type PushScope } from './push';

const ORIGIN = 'https://wellbank.example';

function fakeScope(windows: { url: string; navigate?: ReturnType<typeof vi.fn> }[] = []) {
  const listeners = new Map<string, (event: never) => void>();
  const showNotification = vi.fn(async (_title: string, _options?: NotificationOptions) => {});
  const openWindow = vi.fn(async () => null);
  const clients = windows.map((client) => ({
    ...client,
    focus: vi.fn(async () => client as never),
  }));
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => clients), openWindow },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  } as unknown as PushScope;
  installPushHandlers(scope);
  const fire = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({
      ...event,
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    } as never);
    await Promise.all(pending);
  };
  return { fire, showNotification, openWindow, clients };
}

const REMINDER = {
  title: 'Wellbank',
  body: "You've logged 5 of 8 today — 3 to go. Still to log: Stress, Water and Sunshine.",
  url: '/dashboard',
  tag: 'wellbank-daily-reminder',
};

describe('installPushHandlers', () => {
  it('shows the reminder the push carried', async () => {
    const { fire, showNotification } = fakeScope();
    await fire('push', { data: { json: () => REMINDER } });
    expect(showNotification).toHaveBeenCalledWith('Wellbank', {
      body: REMINDER.body,
      icon: '/icons/icon-192.png',
      tag: REMINDER.tag,
      data: { url: '/dashboard' },
    });
  });

  it('still shows a notification when the payload cannot be read, and never links elsewhere', async () => {
    const { fire, showNotification } = fakeScope();
    await fire('push', { data: null });
    await fire('push', { data: { json: () => ({ ...REMINDER, url: '//evil.example/x' }) } });
    expect(showNotification.mock.calls.map((call) => call[1])).toEqual([
      expect.objectContaining({
        body: REMINDER_MESSAGES.pushFallback,
        data: { url: '/dashboard' },
      }),
      expect.objectContaining({ body: REMINDER.body, data: { url: '/dashboard' } }),
    ]);
  });

  it('opens /dashboard on a click when no Wellbank tab is open', async () => {
    const { fire, openWindow } = fakeScope([{ url: 'https://elsewhere.example/' }]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { close, data: { url: '/dashboard' } } });
    expect(close).toHaveBeenCalled();
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });

  it('focuses an open Wellbank tab on a click and takes it to /dashboard', async () => {
    const navigate = vi.fn(async () => null);
    const { fire, openWindow, clients } = fakeScope([{ url: `${ORIGIN}/progress`, navigate }]);
    await fire('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/dashboard' } },
    });
    expect(clients[0]?.focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    expect(openWindow).not.toHaveBeenCalled();
  });
});

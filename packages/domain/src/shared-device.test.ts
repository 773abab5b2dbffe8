import { describe, expect, it } from 'vitest';
import {
  SHARED_DEVICE_IDLE_MS,
  SHARED_DEVICE_SERVER_IDLE_MS,
  SHARED_DEVICE_TOUCH_INTERVAL_MS,
  sharedDeviceIdle,
  spokenSecondsLeft,
} from './shared-device.ts';

const MINUTE = 60_000;

describe('sharedDeviceIdle', () => {
  it('is active for nine minutes, and says when the warning comes', () => {
    expect(sharedDeviceIdle(0)).toEqual({ stage: 'active', warnInMs: 9 * MINUTE });
    expect(sharedDeviceIdle(9 * MINUTE - 1)).toEqual({ stage: 'active', warnInMs: 1 });
  });

  it('warns from nine minutes with a countdown in whole seconds, at least 20 of them', () => {
    expect(sharedDeviceIdle(9 * MINUTE)).toEqual({
      stage: 'warning',
      secondsLeft: 60,
      nextTickMs: 1000,
    });
    expect(sharedDeviceIdle(9 * MINUTE + 400)).toEqual({
      stage: 'warning',
      secondsLeft: 60,
      nextTickMs: 600,
    });
    expect(sharedDeviceIdle(10 * MINUTE - 1)).toMatchObject({ stage: 'warning', secondsLeft: 1 });
  });

  it('signs out at ten minutes, and a clock moved back counts as no idle time', () => {
    expect(sharedDeviceIdle(SHARED_DEVICE_IDLE_MS)).toEqual({ stage: 'signed-out' });
    expect(sharedDeviceIdle(60 * MINUTE)).toEqual({ stage: 'signed-out' });
    expect(sharedDeviceIdle(-5 * MINUTE)).toEqual({ stage: 'active', warnInMs: 9 * MINUTE });
  });

  it("leaves the server's limit above the tablet's with its touches and a minute to spare", () => {
    const serverTouchLag = MINUTE; // sessions.ts writes last_used_at at most once a minute
    const lastSeenAtWorst = -(SHARED_DEVICE_TOUCH_INTERVAL_MS + serverTouchLag);
    expect(lastSeenAtWorst + SHARED_DEVICE_SERVER_IDLE_MS).toBeGreaterThanOrEqual(
      SHARED_DEVICE_IDLE_MS + MINUTE,
    );
  });
});

describe('spokenSecondsLeft', () => {
  it('speaks at 30 and 10 seconds only', () => {
    const spoken = new Set<number | undefined>();
    for (let seconds = 60; seconds >= 1; seconds--) spoken.add(spokenSecondsLeft(seconds));
    expect([...spoken]).toEqual([undefined, 30, 10]);
    expect(spokenSecondsLeft(31)).toBeUndefined();
    expect(spokenSecondsLeft(30)).toBe(30);
    expect(spokenSecondsLeft(11)).toBe(30);
    expect(spokenSecondsLeft(10)).toBe(10);
  });
});

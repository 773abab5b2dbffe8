import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_DELAY_MS, repeatDelay, startHold, typedValue } from './counter-input';

describe('typedValue', () => {
  it('reads whole numbers and clamps them to the counter limits', () => {
    expect(typedValue('60', 1440)).toBe(60);
    expect(typedValue('2000', 1440)).toBe(1440);
    expect(typedValue('-5', 50)).toBe(0);
    expect(typedValue('2.6', 50)).toBe(3);
  });

  it('reads nothing from an empty or unfinished field', () => {
    expect(typedValue('', 50)).toBeUndefined();
    expect(typedValue('  ', 50)).toBeUndefined();
    expect(typedValue('e', 50)).toBeUndefined();
  });
});

describe('startHold', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps once on press and repeats, ever faster, only after the hold delay', () => {
    let value = 0;
    const stop = startHold(() => {
      value += 2;
      return true;
    });
    expect(value).toBe(2);
    vi.advanceTimersByTime(HOLD_DELAY_MS - 1);
    expect(value).toBe(2);
    vi.advanceTimersByTime(1);
    expect(value).toBe(4);
    expect(repeatDelay(10)).toBeLessThan(repeatDelay(0));
    // One hour of sunshine (30 steps of 2 minutes) in under three seconds of holding.
    vi.advanceTimersByTime(2_600);
    expect(value).toBeGreaterThanOrEqual(60);
    stop();
    const held = value;
    vi.advanceTimersByTime(5_000);
    expect(value).toBe(held);
  });

  it('stops repeating at a limit', () => {
    let value = 0;
    startHold(() => {
      if (value >= 5) return false;
      value += 1;
      return true;
    });
    vi.advanceTimersByTime(10_000);
    expect(value).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not repeat a press that could not step', () => {
    startHold(() => false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

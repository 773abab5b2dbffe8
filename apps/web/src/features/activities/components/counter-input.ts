/*
 * The counter's typed value and press-and-hold repeat (issue #14: one hour of sunshine should not
 * take 30 taps), apart from the component so they can be tested with fake timers.
 */

/** How long a press must last before it starts repeating. */
export const HOLD_DELAY_MS = 400;
const FIRST_REPEAT_MS = 150;
const FASTEST_REPEAT_MS = 40;

/** The pause before repeat number `count` (0-based): shorter each time, down to 40 ms. */
export function repeatDelay(count: number): number {
  return Math.max(FASTEST_REPEAT_MS, Math.round(FIRST_REPEAT_MS * 0.85 ** count));
}

/**
 * A typed counter value: a whole number clamped to [0, max], or undefined while the field holds
 * nothing that reads as a number (empty, "-", "e").
 */
export function typedValue(text: string, max: number): number | undefined {
  if (text.trim() === '') return undefined;
  const number = Number(text);
  if (!Number.isFinite(number)) return undefined;
  return Math.min(max, Math.max(0, Math.round(number)));
}

interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/**
 * Steps once at once, then, while held, again after HOLD_DELAY_MS and ever faster. `step`
 * answers whether it could step; the repeat stops at a limit. Returns the function that stops it
 * (on release, leaving the button, losing focus or unmounting).
 */
export function startHold(step: () => boolean, timers: Timers = globalThis): () => void {
  let handle: unknown;
  let count = 0;
  const repeat = () => {
    if (!step()) return;
    handle = timers.setTimeout(repeat, repeatDelay(count));
    count += 1;
  };
  if (step()) handle = timers.setTimeout(repeat, HOLD_DELAY_MS);
  return () => {
    if (handle !== undefined) timers.clearTimeout(handle as never);
    handle = undefined;
  };
}

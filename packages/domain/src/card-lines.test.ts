import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  type ActivityType,
  activityTotalCents,
  PROPERTY_KEYS,
} from './activities.ts';
import { propertyMax } from './activity-limits.ts';
import { cardLines } from './card-lines.ts';

const sum = (lines: readonly { cents: number }[]) => lines.reduce((s, l) => s + l.cents, 0);

/** A card as the dashboard gets it: every key of the type, the server's total. */
function card(type: ActivityType, values: Record<string, number>) {
  const properties = PROPERTY_KEYS[type].map((key) => ({ key, value: values[key] ?? 0 }));
  return cardLines(type, properties, activityTotalCents(type, values));
}

describe('cardLines', () => {
  it('shows sleep’s −$0.50 start: 8:00 is $4.00 − $0.50 = $3.50', () => {
    expect(card('sleep', { minutes: 480 })).toEqual([
      { kind: 'property', key: 'minutes', value: 480, cents: 400 },
      { kind: 'start', cents: -50 },
    ]);
  });

  it('names the maximum that took money off: sunshine 20 minutes is $2.50 − $0.50', () => {
    expect(card('sunshine', { duration: 20 })).toEqual([
      { kind: 'property', key: 'duration', value: 20, cents: 250 },
      { kind: 'max', limitCents: 200, cents: -50 },
    ]);
  });

  it('fitness $8.00 + $3.00 stops at its $6.00 maximum', () => {
    const lines = card('fitness', { vigorous_duration: 32, moderate_duration: 60 });
    expect(lines.map((l) => l.cents)).toEqual([800, 300, 0, -500]);
    expect(lines.at(-1)).toEqual({ kind: 'max', limitCents: 600, cents: -500 });
  });

  it('names the minimum that gave money back: 0:30 of sleep is $0.25 − $0.50 + $0.25', () => {
    expect(card('sleep', { minutes: 30 }).slice(1)).toEqual([
      { kind: 'start', cents: -50 },
      { kind: 'min', limitCents: 0, cents: 25 },
    ]);
    expect(card('food', { red: 10 }).at(-1)).toEqual({ kind: 'min', limitCents: -400, cents: 100 });
  });

  it('uses the server’s property_total when it sent one', () => {
    const lines = cardLines('water', [{ key: 'cups', value: 2, cents: 100 }], 100);
    expect(lines).toEqual([{ kind: 'property', key: 'cups', value: 2, cents: 100 }]);
  });

  it('keeps an unknown category honest with a line for what it cannot explain', () => {
    expect(cardLines('yoga', [{ key: 'minutes', value: 10 }], 300)).toEqual([
      { kind: 'property', key: 'minutes', value: 10, cents: 0 },
      { kind: 'other', cents: 300 },
    ]);
  });

  it('lines always add up to the total, and only a limit adds a line of its own', () => {
    const anyDay = fc.constantFrom(...ACTIVITY_TYPES).chain((type) =>
      fc
        .tuple(...PROPERTY_KEYS[type].map((key) => fc.nat({ max: propertyMax(type, key) })))
        .map((values) => ({
          type,
          values: Object.fromEntries(PROPERTY_KEYS[type].map((key, i) => [key, values[i] ?? 0])),
        })),
    );
    fc.assert(
      fc.property(anyDay, ({ type, values }) => {
        const lines = card(type, values);
        expect(sum(lines)).toBe(activityTotalCents(type, values));
        expect(lines.some((l) => l.kind === 'other')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('adds up for any total a server could send', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIVITY_TYPES, 'yoga'),
        fc.array(
          fc.record({
            key: fc.string(),
            value: fc.nat(1440),
            cents: fc.integer({ min: -5000, max: 5000 }),
          }),
        ),
        fc.integer({ min: -10_000, max: 10_000 }),
        (type, properties, total) => sum(cardLines(type, properties, total)) === total,
      ),
    );
  });
});

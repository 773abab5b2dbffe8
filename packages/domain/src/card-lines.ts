import { type ActivityType, propertyTotalCents, SCORING } from './activities.ts';
import { roundHalfAwayFromZero } from './money.ts';

/*
 * What a dashboard card lists under its total (issue 17): the amounts shown must add up to the
 * total shown. A total is start + Σ(unit × value), clamped to [min, max] (SPEC.md §9), so next to
 * the properties a card lists the start (sleep's −$0.50) and, when the clamp took or gave money,
 * the limit that did it, as lines of their own.
 */

export interface CardProperty {
  key: string;
  value: number;
  /** The property's amount as the server sent it (`property_total`), when it did. */
  cents?: number;
}

export type CardLine =
  | { kind: 'property'; key: string; value: number; cents: number }
  | { kind: 'start'; cents: number }
  /** The daily maximum took money off: `limitCents` is the maximum the total stops at. */
  | { kind: 'max'; limitCents: number; cents: number }
  /** The total cannot fall below `limitCents`: the clamp gave money back. */
  | { kind: 'min'; limitCents: number; cents: number }
  /** A difference no rule above explains (an unknown category, an old server): still shown. */
  | { kind: 'other'; cents: number };

function limitsOf(type: string): { start: number; min: number; max: number } | undefined {
  if (!(type in SCORING)) return undefined;
  const rule = SCORING[type as keyof typeof SCORING];
  return { start: rule.startCents, min: rule.minCents, max: rule.maxCents };
}

/** A property's amount: the server's, else the scoring table's (unknown categories: 0). */
export function cardPropertyCents(type: string, property: CardProperty): number {
  if (typeof property.cents === 'number') return property.cents;
  if (type !== 'stress' && !(type in SCORING)) return 0;
  return propertyTotalCents(type as ActivityType, property.key, property.value);
}

/**
 * The lines of a card, whose amounts always add up to `totalCents`: the properties in the order
 * given, then the start when it is not 0, then the remainder, named after the limit that made it.
 */
export function cardLines(
  type: string,
  properties: readonly CardProperty[],
  totalCents: number,
): CardLine[] {
  const lines: CardLine[] = properties.map((p) => ({
    kind: 'property',
    key: p.key,
    value: p.value,
    cents: cardPropertyCents(type, p),
  }));
  const limits = limitsOf(type);
  if (limits && limits.start !== 0) lines.push({ kind: 'start', cents: limits.start });
  const shownCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const rest = roundHalfAwayFromZero(totalCents - shownCents);
  if (rest === 0) return lines;
  if (limits && rest < 0 && totalCents === limits.max) {
    lines.push({ kind: 'max', limitCents: limits.max, cents: rest });
  } else if (limits && rest > 0 && totalCents === limits.min) {
    lines.push({ kind: 'min', limitCents: limits.min, cents: rest });
  } else {
    lines.push({ kind: 'other', cents: rest });
  }
  return lines;
}

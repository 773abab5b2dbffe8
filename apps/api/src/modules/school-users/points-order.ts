import type { PeopleSort, SortDirection } from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import { nameSortKey } from '../../db/name-sort-key.ts';
import type { PageEnd } from './points-cursor.ts';

/**
 * The order of the staff and student lists (SPEC.md §9) as SQL over `users u`, and the keyset
 * predicate "comes after this page end" that starts the next page, so a page costs the same at
 * any depth. Every order ends with the unique id, so it is total and pages never overlap.
 */
export interface OrderKey {
  expression: SQL;
  direction: SortDirection;
  /**
   * May the column be NULL in this list? Then NULL sorts last in both directions. A key that
   * cannot be NULL keeps PostgreSQL's default placement, which a backward index scan also gives,
   * so both directions read an index in order.
   */
  nullable: boolean;
  /** The page end's value of this key as SQL; null when the page ended on a NULL. */
  valueAt: (end: PageEnd) => SQL | null;
}

/** First name, then last name, then id: the order of equal names, and the name order itself. */
export function nameKeys(direction: SortDirection): OrderKey[] {
  return [
    {
      expression: nameSortKey(sql`u.first_name`),
      direction,
      nullable: false,
      valueAt: (end) => nameSortKey(sql`${end.firstName}::text`),
    },
    {
      expression: nameSortKey(sql`u.last_name`),
      direction,
      nullable: false,
      valueAt: (end) => nameSortKey(sql`${end.lastName}::text`),
    },
    { expression: sql`u.id`, direction, nullable: false, valueAt: (end) => sql`${end.id}::int` },
  ];
}

const sortValueAs = (cast: string) => (end: PageEnd) =>
  end.value === null ? null : sql`${end.value}::${sql.raw(cast)}`;

/**
 * Names reverse with the name order; under points or last activity equal values stay A→Z, as a
 * teacher reads a tie. `activityMayBeNull`: whether someone in the list may never have logged.
 */
export function orderKeys(sort: PeopleSort, options: { activityMayBeNull: boolean }): OrderKey[] {
  if (sort.key === 'first_name') return nameKeys(sort.direction);
  const first: OrderKey =
    sort.key === 'points'
      ? {
          // Others' view of points: as of the school's closed days (decision 0043).
          expression: sql`u.closed_points`,
          direction: sort.direction,
          nullable: false,
          valueAt: sortValueAs('int'),
        }
      : {
          expression: sql`u.last_activity_logged_at`,
          direction: sort.direction,
          nullable: options.activityMayBeNull,
          valueAt: sortValueAs('timestamptz'),
        };
  return [first, ...nameKeys('asc')];
}

export function orderBy(keys: readonly OrderKey[]): SQL {
  return sql.join(
    keys.map(
      (key) =>
        sql`${key.expression} ${sql.raw(key.direction)}${key.nullable ? sql` nulls last` : sql``}`,
    ),
    sql`, `,
  );
}

const after = (key: OrderKey) => sql.raw(key.direction === 'asc' ? '>' : '<');
const afterOrAt = (key: OrderKey) => sql.raw(key.direction === 'asc' ? '>=' : '<=');

/** The rows of the order that come strictly after `end`. */
export function keysetAfter(keys: readonly OrderKey[], end: PageEnd): SQL {
  const values = keys.map((key) => key.valueAt(end));
  const [first] = keys;
  if (!first) throw new Error('an order needs at least one key');
  const known = values.filter((value) => value !== null);
  const uniform = keys.every((key) => key.direction === first.direction && !key.nullable);
  if (uniform && known.length === keys.length) {
    // One row comparison, which an index on the same columns answers as a range.
    const columns = sql.join(
      keys.map((key) => key.expression),
      sql`, `,
    );
    return sql`(${columns}) ${after(first)} (${sql.join(known, sql`, `)})`;
  }
  // Mixed directions: k1 after v1, or k1 = v1 and (k2 after v2, or …). The bound on k1 alone is
  // implied; it is there so the index on k1 starts at the page end instead of the list's start.
  const last = keys.length - 1;
  let chain = comesAfter(keys[last] as OrderKey, values[last] ?? null);
  for (let i = last - 1; i >= 0; i--) {
    const key = keys[i] as OrderKey;
    const value = values[i] ?? null;
    chain = sql`(${comesAfter(key, value)} or (${equals(key, value)} and ${chain}))`;
  }
  return sql`${boundFrom(first, values[0] ?? null)} and ${chain}`;
}

function comesAfter(key: OrderKey, value: SQL | null): SQL {
  if (value === null) return sql`false`; // NULLs come last: nothing comes after one but a tie.
  const beyond = sql`${key.expression} ${after(key)} ${value}`;
  return key.nullable ? sql`(${beyond} or ${key.expression} is null)` : beyond;
}

function equals(key: OrderKey, value: SQL | null): SQL {
  return value === null ? sql`${key.expression} is null` : sql`${key.expression} = ${value}`;
}

function boundFrom(key: OrderKey, value: SQL | null): SQL {
  if (value === null) return sql`${key.expression} is null`;
  const bound = sql`${key.expression} ${afterOrAt(key)} ${value}`;
  return key.nullable ? sql`(${bound} or ${key.expression} is null)` : bound;
}

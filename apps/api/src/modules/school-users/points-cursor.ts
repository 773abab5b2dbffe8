import {
  INVALID_CURSOR_MESSAGE,
  PEOPLE_SORT_KEYS,
  type PeopleSort,
  SORT_DIRECTIONS,
} from '@wellbank/domain';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';

/**
 * The last row of a page, as far as the order needs it: the next page starts after it. Names are
 * kept as stored (the database derives their sort keys again), the last activity as PostgreSQL's
 * own text of it, exact to the microsecond where a JavaScript Date would round to milliseconds.
 */
export interface PageEnd {
  id: number;
  firstName: string;
  lastName: string;
  /** Points for the points order, the last activity for that order, null for the name order. */
  value: number | string | null;
}

/** PostgreSQL's integer: a larger number could not be compared with the column. */
const int4 = z.number().int().min(-2_147_483_648).max(2_147_483_647);

const valueBySort = {
  first_name: z.null(),
  points: int4,
  last_activity: z.iso.datetime({ offset: true }).nullable(),
} satisfies Record<PeopleSort['key'], z.ZodType>;

const cursorSchema = z.tuple([
  z.enum(PEOPLE_SORT_KEYS),
  z.enum(SORT_DIRECTIONS),
  int4.positive(),
  z.string(),
  z.string(),
  z.union([z.number(), z.string(), z.null()]),
]);

/** Opaque to clients: base64url of the order it belongs to and where the page ended. */
export function encodeCursor(sort: PeopleSort, end: PageEnd): string {
  const payload = [sort.key, sort.direction, end.id, end.firstName, end.lastName, end.value];
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * The page end a cursor names. A cursor of another order, or not one of ours, is refused (422)
 * rather than read as a position in an order it does not belong to.
 */
export function decodeCursor(cursor: string, sort: PeopleSort): PageEnd {
  const parsed = cursorSchema.safeParse(parseJson(Buffer.from(cursor, 'base64url').toString()));
  if (!parsed.success) throw invalidCursor();
  const [key, direction, id, firstName, lastName, value] = parsed.data;
  if (key !== sort.key || direction !== sort.direction) throw invalidCursor();
  if (!valueBySort[key].safeParse(value).success) throw invalidCursor();
  return { id, firstName, lastName, value };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const invalidCursor = () => new AppError('unprocessable', INVALID_CURSOR_MESSAGE);

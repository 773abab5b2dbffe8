import { z } from 'zod';
import { PEOPLE_SORT_KEYS, type PeopleSort, SORT_DIRECTIONS } from './lists.ts';
import { tooBigMessage } from './messages.ts';
import { classFilterShape } from './roster.ts';

/**
 * Lists that answer a page at a time (apps/api/src/modules/school-users/README.md, "Paged lists"). The body stays the
 * bare array of DESIGN.md §2; the number of rows in the whole list is the `X-Total-Count` header
 * and the next page is an RFC 8288 `Link: <…>; rel="next"`, absent on the last page.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

export const POINTS_PAGE_SIZE = 100;
export const POINTS_PAGE_MAX = 500;
/** Generous for what a cursor holds: a sort, two names of at most 50 characters, two numbers. */
export const CURSOR_MAX_LENGTH = 1000;

export const INVALID_CURSOR_MESSAGE =
  /*i18n*/ 'cursor is not a next-page cursor of this list and order; ask for the first page again';

/** The page of any paged list: its size and where it starts. The cursor is opaque: copied from a `Link` header. */
const pageQueryShape = {
  limit: z.coerce
    .number({ error: /*i18n*/ 'limit must be a number' })
    .int(/*i18n*/ 'limit must be a whole number')
    .min(1, /*i18n*/ 'limit must be at least 1')
    .max(POINTS_PAGE_MAX, tooBigMessage('limit', POINTS_PAGE_MAX))
    .default(POINTS_PAGE_SIZE)
    .describe('Rows per page'),
  cursor: z
    .string({ error: INVALID_CURSOR_MESSAGE })
    .max(CURSOR_MAX_LENGTH, INVALID_CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR_MESSAGE)
    .optional()
    .describe('Where the page starts: taken from the previous page’s Link rel="next"'),
};

/** GET /schools/{id}/staff and /students. */
export const pointsListQuerySchema = z.object({
  sort: z
    .enum(PEOPLE_SORT_KEYS, { error: `sort must be one of ${PEOPLE_SORT_KEYS.join(', ')}` })
    .default('first_name')
    .describe('Sort column; ties are broken by first name, last name (A→Z) and id'),
  order: z
    .enum(SORT_DIRECTIONS, { error: /*i18n*/ 'order must be asc or desc' })
    .default('asc')
    .describe('Direction; people with no activity come last both ways'),
  ...classFilterShape,
  ...pageQueryShape,
});
export type PointsListQuery = z.infer<typeof pointsListQuerySchema>;

/** GET /schools/{id}/staff.csv and /students.csv: the list's own parameters, every row at once. */
export const pointsListCsvQuerySchema = pointsListQuerySchema.omit({ limit: true, cursor: true });

export type PointsListKind = 'staff' | 'students';

/**
 * A page of a staff or student list, below /api/v1: the browser's first page, and with a cursor
 * the server's next-page link. Every parameter is written out, defaults too.
 */
export function pointsListPath(page: {
  schoolId: number;
  kind: PointsListKind;
  sort: PeopleSort;
  /** Only this grade or homeroom (decision 0030); unset, everybody. */
  filter?: { grade?: string | undefined; homeroom?: string | undefined };
  limit?: number;
  cursor?: string;
}): string {
  const sort = { sort: page.sort.key, order: page.sort.direction };
  const { grade, homeroom } = page.filter ?? {};
  const filter = { ...(grade ? { grade } : {}), ...(homeroom ? { homeroom } : {}) };
  return pagePath(`/schools/${page.schoolId}/${page.kind}`, { ...sort, ...filter }, page);
}

/**
 * GET /schools/{id}/users (the coordinator's Staff & students): staff and students by name, the
 * name order of the points lists; no sortable columns (SPEC.md §2), so only a page is asked for.
 */
export const schoolUsersQuerySchema = z.object(pageQueryShape);
export type SchoolUsersQuery = z.infer<typeof schoolUsersQuerySchema>;

/** GET /schools/{id}/users.csv: the list's own parameters, every row at once. */
export const schoolUsersCsvQuerySchema = schoolUsersQuerySchema.omit({ limit: true, cursor: true });

/** GET /schools/{id}/consents (the coordinator's Consent record): newest first, a page asked for. */
export const schoolConsentsQuerySchema = z.object(pageQueryShape);

/** A page of the Consent record below /api/v1, as schoolUsersPath. */
export function schoolConsentsPath(page: { schoolId: number; limit?: number; cursor?: string }) {
  return pagePath(`/schools/${page.schoolId}/consents`, {}, page);
}

/** A page of the Staff & students list below /api/v1, as pointsListPath. */
export function schoolUsersPath(page: { schoolId: number; limit?: number; cursor?: string }) {
  return pagePath(`/schools/${page.schoolId}/users`, {}, page);
}

/**
 * GET /schools/{id}/audit-log (admins): the activity log, newest first, a page at a time; its
 * cursor is the last entry's id.
 */
export const auditLogQuerySchema = z.object(pageQueryShape);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** A page of the activity log below /api/v1, as pointsListPath. */
export function auditLogPath(page: { schoolId: number; limit?: number; cursor?: string }) {
  return pagePath(`/schools/${page.schoolId}/audit-log`, {}, page);
}

function pagePath(
  path: string,
  order: Record<string, string>,
  page: { limit?: number; cursor?: string },
): string {
  const query = new URLSearchParams({ ...order, limit: String(page.limit ?? POINTS_PAGE_SIZE) });
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  return `${path}?${query}`;
}

/** The target of a Link header's `rel="next"` entry (RFC 8288), or undefined when it has none. */
export function nextPageLink(header: string | null | undefined): string | undefined {
  for (const [, target, params] of (header ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return target;
  }
  return undefined;
}

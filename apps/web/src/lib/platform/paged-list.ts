import { LINK_HEADER, nextPageLink, TOTAL_COUNT_HEADER } from '@wellbank/domain';
import { apiResponse, BASE_PATH } from '@/lib/platform/api-client';

/** One page of a paged list (apps/api/src/modules/school-users/README.md), as the server sorted it. */
export interface ListPage<T> {
  people: T[];
  /** Rows in the whole list (X-Total-Count). */
  total: number;
  /** The next page's path below /api/v1, from the Link header; undefined on the last page. */
  next: string | undefined;
}

/** Pages follow the server's Link header, so the cursor stays the server's business. */
export async function fetchListPage<T>(path: string, signal: AbortSignal): Promise<ListPage<T>> {
  const { data, headers } = await apiResponse<T[]>(path, { auth: true, signal });
  const link = nextPageLink(headers.get(LINK_HEADER));
  const next = link && new URL(link, window.location.origin);
  return {
    people: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    next: next && next.pathname.slice(BASE_PATH.length) + next.search,
  };
}

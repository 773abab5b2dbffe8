import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@wellbank/domain';
import type { FastifyReply } from 'fastify';

/**
 * Answers one page of a list (modules/school-users/README.md, "Paged lists"): the body is the bare array of
 * DESIGN.md §2, the size of the whole list goes in X-Total-Count and the next page, when there is
 * one, in an RFC 8288 Link header.
 */
export function sendPage<T>(
  reply: FastifyReply,
  page: { rows: T[]; total: number; next: string | undefined },
): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.next) reply.header(LINK_HEADER, `<${page.next}>; rel="next"`);
  return page.rows;
}

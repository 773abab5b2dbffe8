import {
  LIST_CSV_HEADERS,
  type ListCsvKind,
  listCsvFilename,
  POINTS_PAGE_MAX,
  schoolDate,
  spreadsheetDateTime,
} from '@wellbank/domain';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { csvStream } from '../exports/school-export-zip.ts';
import type { PeoplePage } from './people-page.ts';

/**
 * Every row of a paged list, read page after page with the list's own keyset cursor (the pages
 * the browser's "Show more" reads, POINTS_PAGE_MAX at a time): the same order and filter, one
 * short statement a page, nothing held between pages. The next page is read only when the
 * download has taken the rows before it (the stream's backpressure, decision 0021).
 */
export async function* allPages<Row>(
  readPage: (cursor: string | undefined, limit: number) => Promise<PeoplePage<Row>>,
): AsyncGenerator<Row> {
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor, POINTS_PAGE_MAX);
    yield* page.rows;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * Sends a list as a CSV attachment (decision 0031), streamed: UTF-8 with a byte-order mark,
 * formulas neutralised (csv.ts). Dates are the school's local ones, as the page shows them.
 */
export function sendListCsv(
  reply: FastifyReply,
  list: {
    db: Db;
    kind: ListCsvKind;
    school: { id: number; time_zone: string };
    now: Date;
    rows: () => AsyncIterable<readonly (string | number | null)[]>;
  },
) {
  const { db, kind, school } = list;
  const file = { name: kind, header: LIST_CSV_HEADERS[kind], rows: list.rows };
  const name = listCsvFilename(kind, schoolDate(list.now, school.time_zone));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(csvStream(file, db, school.id));
}

/** A last activity as the school's local "YYYY-MM-DD HH:MM", empty for never. */
export function localActivity(iso: string | null, timeZone: string): string | null {
  return iso && spreadsheetDateTime(new Date(iso), timeZone);
}

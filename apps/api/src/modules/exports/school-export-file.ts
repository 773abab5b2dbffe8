import type { CsvCell } from '@wellbank/domain';
import type { Db } from '../../db/client.ts';

/**
 * The CSV files of a school's export (decision 0021 has the data map: what each column is and
 * what is left out). Each file reads its rows in keyset pages, so memory holds one page whatever
 * the school's size. No file holds a stress rating, a stress total, or a figure from which a
 * day's stress can be worked out (a day's balance or day points next to its activity totals):
 * a child's stress is shown to nobody but that child (SPEC.md, DESIGN.md §1.2).
 */
export interface SchoolExportFile {
  name: string;
  header: readonly string[];
  rows(db: Db, schoolId: number): AsyncIterable<readonly CsvCell[]>;
}

/** Rows per page of a table read by id (people, teams, intervals, payments). */
export const BY_ID_PAGE = 500;

export interface IdRow {
  id: number;
}

import type { PeopleSort } from './lists.ts';
import type { PointsListKind } from './pagination.ts';

/**
 * "Download CSV" of Staff points, Student points and Staff & students (issue #16 §3, decision
 * 0031): the whole list in the page's order, written with csv.ts. The points lists give names,
 * points and the last activity in the school's time zone; Staff & students gives names, e-mail,
 * role and team size. No file holds anything about stress.
 */
export type ListCsvKind = PointsListKind | 'users';

export const LIST_CSV_HEADERS: Record<ListCsvKind, readonly string[]> = {
  staff: [/*i18n*/ 'First name', /*i18n*/ 'Last name', /*i18n*/ 'Points', /*i18n*/ 'Last activity'],
  students: [
    /*i18n*/ 'First name',
    /*i18n*/ 'Last name',
    /*i18n*/ 'Points',
    /*i18n*/ 'Last activity',
  ],
  users: [
    /*i18n*/ 'First name',
    /*i18n*/ 'Last name',
    /*i18n*/ 'Email',
    /*i18n*/ 'Role',
    /*i18n*/ 'Team size',
  ],
};

const FILE_STEMS: Record<ListCsvKind, string> = {
  staff: 'staff-points',
  students: 'student-points',
  users: 'staff-and-students',
};

/** "wellbank-student-points-2026-11-23.csv": the list and the school's local date. */
export function listCsvFilename(kind: ListCsvKind, localDate: string): string {
  return `wellbank-${FILE_STEMS[kind]}-${localDate}.csv`;
}

/** The file below /api/v1: a points list's in its sort; Staff & students' by name. */
export function listCsvPath(list: { schoolId: number; kind: ListCsvKind; sort?: PeopleSort }) {
  const path = `/schools/${list.schoolId}/${list.kind}.csv`;
  if (!list.sort) return path;
  return `${path}?${new URLSearchParams({ sort: list.sort.key, order: list.sort.direction })}`;
}

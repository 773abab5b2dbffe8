import {
  type ClassStudentsQuery,
  DEFAULT_PEOPLE_SORT,
  type PickableStudent,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nameSortKey } from '../../db/name-sort-key.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { type PeoplePage, type PersonRow, readPeoplePage } from '../school-users/people-page.ts';
import { nameKeys } from '../school-users/points-order.ts';

interface PickableRow extends PersonRow {
  homeroom: string | null;
}

/** `%`, `_` and the escape itself are literal in a search, not LIKE's wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Every student of the school (active or not: a class signs in before anyone has logged), whose
 * "first last" contains the search, compared as the lists sort names: lower case, no accents.
 */
function studentsMatching(schoolId: number, search: string | undefined): SQL {
  const students = sql`u.school_id = ${schoolId} and u.is_student`;
  if (!search) return students;
  const name = nameSortKey(sql`u.first_name || ' ' || u.last_name`);
  const wanted = nameSortKey(sql`${likeLiteral(search)}::text`);
  return sql`${students} and ${name} like '%' || ${wanted} || '%'`;
}

/**
 * One page of the students staff may pick for a class code (decision 0064), by name like the
 * other lists; the read is logged as one entry per page, as every staff read of students' names.
 */
export async function viewPickableStudents(
  db: Db,
  actor: AuditActor,
  query: ClassStudentsQuery,
): Promise<PeoplePage<PickableStudent>> {
  const page = await readPeoplePage<PickableRow>(db, {
    columns: sql`u.id, u.first_name, u.last_name, u.homeroom`,
    members: studentsMatching(actor.schoolId, query.q),
    sort: DEFAULT_PEOPLE_SORT,
    keys: nameKeys(DEFAULT_PEOPLE_SORT.direction),
    query,
  });
  await recordAudit(db, { ...actor, action: 'view.class_students' });
  return {
    ...page,
    rows: page.rows.map(({ id, first_name, last_name, homeroom }) => ({
      id,
      first_name,
      last_name,
      homeroom,
    })),
  };
}

import { SECRET_PICTURES, type SecretPictures } from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { secretPictures, users } from '../../db/schema.ts';

const GRID = sql.raw(`array[${SECRET_PICTURES.map((picture) => `'${picture}'`).join(', ')}]`);
const GRID_SIZE = SECRET_PICTURES.length;

/**
 * Two different pictures of the grid, drawn per row in one statement: the first any of the nine,
 * the second any of the eight others (so 9 × 8 = 72 sequences, decision 0064).
 */
function drawnPairs(studentsWhere: SQL) {
  return sql`with drawn as (
  select ${users.id} as user_id, floor(random() * ${GRID_SIZE})::int as first_index,
    floor(random() * ${GRID_SIZE - 1})::int as step
  from ${users} where ${users.isStudent} and ${studentsWhere}
)
select user_id, (${GRID})[1 + first_index],
  (${GRID})[1 + (first_index + 1 + step) % ${GRID_SIZE}]
from drawn`;
}

/**
 * Gives the students that `studentsWhere` selects their secret pictures if they have none yet:
 * one atomic insert, so two staff opening codes for one class at once cannot give a child two
 * pairs (the second insert does nothing).
 */
export async function ensureSecretPictures(db: Db, studentsWhere: SQL): Promise<void> {
  await db.execute(sql`insert into ${secretPictures} (user_id, first, second)
${drawnPairs(studentsWhere)}
on conflict (user_id) do nothing`);
}

/** New pictures for one student (staff's "New pictures"); answers them, or undefined if none. */
export async function redrawSecretPictures(
  db: Db,
  studentsWhere: SQL,
): Promise<SecretPictures | undefined> {
  const [row] = await queryRows<{ first: string; second: string }>(
    db,
    sql`insert into ${secretPictures} (user_id, first, second)
${drawnPairs(studentsWhere)}
on conflict (user_id) do update set first = excluded.first, second = excluded.second
returning first, second`,
  );
  return row && ([row.first, row.second] as SecretPictures);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { keysetRows } from './keyset.ts';
import { BY_ID_PAGE, type IdRow, type SchoolExportFile } from './school-export-file.ts';

/**
 * The school's history files: each person's days and activities, person by person (in id order),
 * each person's rows in keyset pages of their primary or unique index, so a page is an index
 * range whatever the school's size. Only the school's closed days (`points_closed_through`, the
 * days the points in users.csv count), and no amount of any kind: no stress, balance or day
 * points (decision 0021), and no energy, food, category total or property value either
 * (decision 0043): beside a person's points, any day's amounts would give that day's stress back.
 */

/** Rows per page of one person's days or activities (a page is one statement). */
const ROWS_PAGE = 1000;

/** The ids of the school's users (every role), in id order. */
async function* schoolUserIds(db: Db, schoolId: number): AsyncGenerator<number> {
  const ids = keysetRows<IdRow>(
    (after, limit) =>
      queryRows(
        db,
        sql`select id from users where school_id = ${schoolId} and id > ${after?.id ?? 0}
        order by id limit ${limit}`,
      ),
    BY_ID_PAGE,
  );
  for await (const row of ids) yield row.id;
}

/** The school's days that can no longer change; later ones are not exported. */
const closedDaysOf = (schoolId: number) =>
  sql`(select points_closed_through from schools where id = ${schoolId})`;

interface SummaryRow {
  local_date: string;
  is_complete: boolean;
  streak_length: number;
  streak_points: number;
}

export const dailySummariesFile: SchoolExportFile = {
  name: 'daily_summaries.csv',
  header: ['user_id', 'local_date', 'is_complete', 'streak_length', 'streak_points'],
  async *rows(db, schoolId) {
    for await (const userId of schoolUserIds(db, schoolId)) {
      // One person's days by the primary key (user_id, local_date), a page at a time.
      const days = keysetRows<SummaryRow>(
        (after, limit) =>
          queryRows(
            db,
            sql`select local_date::text, is_complete, streak_length, streak_points
            from daily_summaries where user_id = ${userId}
              and local_date <= ${closedDaysOf(schoolId)}
              ${after ? sql`and local_date > ${after.local_date}::date` : sql``}
            order by local_date limit ${limit}`,
          ),
        ROWS_PAGE,
      );
      for await (const d of days) {
        yield [userId, d.local_date, d.is_complete, d.streak_length, d.streak_points];
      }
    }
  },
};

interface ActivityRow {
  activity_type: string;
  local_date: string;
}

/** Which categories each person logged on each closed day, stress left out; no amounts. */
export const activitiesFile: SchoolExportFile = {
  name: 'activities.csv',
  header: ['user_id', 'local_date', 'activity_type'],
  async *rows(db, schoolId) {
    for await (const userId of schoolUserIds(db, schoolId)) {
      // The unique index (user_id, activity_type, local_date) serves the order and the keyset.
      const activities = keysetRows<ActivityRow>(
        (after, limit) =>
          queryRows(
            db,
            sql`select activity_type::text, local_date::text
            from activities where user_id = ${userId} and activity_type <> 'stress'
              and local_date <= ${closedDaysOf(schoolId)}
              ${after ? sql`and (activity_type, local_date) > (${after.activity_type}::activity_type, ${after.local_date}::date)` : sql``}
            order by activity_type, local_date limit ${limit}`,
          ),
        ROWS_PAGE,
      );
      for await (const a of activities) yield [userId, a.local_date, a.activity_type];
    }
  },
};

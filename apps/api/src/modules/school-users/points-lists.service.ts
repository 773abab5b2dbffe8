import type {
  PeopleSort,
  PointsListEntry,
  PointsListKind,
  PointsListQuery,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { type PeoplePage, type PersonRow, readPeoplePage } from './people-page.ts';
import { orderKeys } from './points-order.ts';

interface PageRow extends PersonRow {
  points: number;
  /**
   * ISO 8601 as PostgreSQL writes it: exact to the microsecond for the cursor, and driver-neutral
   * (Drizzle leaves raw timestamps as each driver's own text).
   */
  last_activity: string | null;
  /** The same in JSON's ISO 8601 (UTC, to the millisecond), for the answer. */
  last_activity_logged_at: string | null;
}

/**
 * One page of a points list read through the API (`listPointsPage`); students' data seen by staff
 * is logged, one entry per page read (decision 0025).
 */
export async function viewPointsPage(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; kind: PointsListKind; query: PointsListQuery },
): Promise<PeoplePage<PointsListEntry>> {
  const page = await listPointsPage(db, options);
  if (options.kind === 'students') {
    await recordAudit(db, { ...actor, action: 'view.student_points' });
  }
  return page;
}

/**
 * One page of the staff list (every staff member) or the student list (active students), in the
 * asked order, with the list's total.
 */
export async function listPointsPage(
  db: Db,
  options: { schoolId: number; kind: PointsListKind; query: PointsListQuery },
): Promise<PeoplePage<PointsListEntry>> {
  const { schoolId, kind, query } = options;
  const sort: PeopleSort = { key: query.sort, direction: query.order };
  const listed = kind === 'staff' ? staffOf(schoolId) : await activeStudentsOf(db, schoolId);
  const members = listed && sql`${listed}${classFilter(query)}`;
  // Every active student has logged, so only the staff list has people without a last activity.
  const keys = orderKeys(sort, { activityMayBeNull: kind === 'staff' });
  const page = await readPeoplePage<PageRow>(db, {
    // Points as of the school's closed days: a rating of today's stress moves nothing here
    // (decision 0043). The last activity written as JSON's ISO 8601 by PostgreSQL: a `Date`
    // parsed from the text per row cost the server a quarter of a millisecond for a page of 100
    // (decision 0048).
    columns: sql`u.id, u.first_name, u.last_name, u.closed_points as points,
        to_json(u.last_activity_logged_at) #>> '{}' as last_activity,
        to_char(u.last_activity_logged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          as last_activity_logged_at`,
    // No active interval: nobody is active, and a bad cursor is still refused.
    members: members ?? sql`false`,
    sort,
    keys,
    query,
    sortValueOf: (row) =>
      ({ first_name: null, points: row.points, last_activity: row.last_activity })[sort.key],
  });
  return { ...page, rows: page.rows.map(toEntry) };
}

/** The grade and homeroom filters (decision 0030): exact values, as the coordinator stored them. */
function classFilter(query: PointsListQuery): SQL {
  const grade = query.grade === undefined ? sql`` : sql` and u.grade = ${query.grade}`;
  const homeroom = query.homeroom === undefined ? sql`` : sql` and u.homeroom = ${query.homeroom}`;
  return sql`${grade}${homeroom}`;
}

/** Every staff member of the school (DESIGN.md §1.5). */
function staffOf(schoolId: number): SQL {
  return sql`u.school_id = ${schoolId} and u.is_staff`;
}

/**
 * Active students: students with a day logged inside the active interval (DESIGN.md §1.5);
 * undefined when the school has no active interval, so nobody is.
 *
 * An activity write stores the day's summary under today's local date and sets
 * `last_activity_logged_at` to now in one statement, so a student's last activity falls on the
 * local date of their latest summary. Hence: last activity before the interval's first local
 * midnight, no day inside it; last activity inside the interval, a day inside it (that one). Only
 * a last activity after the interval (an active interval that has ended) needs the days looked at.
 * This keeps the count to one range of the index users (school_id, last_activity_logged_at).
 */
async function activeStudentsOf(db: Db, schoolId: number): Promise<SQL | undefined> {
  const [active] = await queryRows<{
    start_date: string;
    end_date: string;
    starts_at: string;
    ends_before: string;
  }>(
    db,
    sql`select s.start_date::text, s.end_date::text,
      to_json(s.start_date::timestamp at time zone sc.time_zone) #>> '{}' as starts_at,
      to_json((s.end_date + 1)::timestamp at time zone sc.time_zone) #>> '{}' as ends_before
    from semesters s join schools sc on sc.id = s.school_id
    where s.school_id = ${schoolId} and s.is_active`,
  );
  if (!active) return undefined;
  return sql`u.school_id = ${schoolId} and u.is_student
    and u.last_activity_logged_at >= ${active.starts_at}::timestamptz
    and (u.last_activity_logged_at < ${active.ends_before}::timestamptz
      or exists (select 1 from daily_summaries d where d.user_id = u.id
        and d.local_date between ${active.start_date}::date and ${active.end_date}::date))`;
}

function toEntry(row: PageRow): PointsListEntry {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    points: row.points,
    last_activity_logged_at: row.last_activity_logged_at,
  };
}

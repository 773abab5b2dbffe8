import type { CsvCell } from '@wellbank/domain';
import { centsToDollars } from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.ts';
import { keysetRows } from './keyset.ts';
import { BY_ID_PAGE, type IdRow, type SchoolExportFile } from './school-export-file.ts';
import { activitiesFile, dailySummariesFile } from './school-history-files.ts';
import { isoTimestamp } from './sql-text.ts';

/**
 * The school's files read table by table in id order, and the list of all six in ZIP order
 * (decision 0021 has the data map: what each column is and what is left out).
 */

/**
 * A file of one table's rows in id order: `select` is the statement of the page after `afterId`,
 * `cells` the CSV line of a row.
 */
function fileById<Row extends IdRow>(file: {
  name: string;
  header: readonly string[];
  select: (schoolId: number, afterId: number, limit: number) => SQL;
  cells: (row: Row) => readonly CsvCell[];
}): SchoolExportFile {
  return {
    name: file.name,
    header: file.header,
    async *rows(db, schoolId) {
      const rows = keysetRows<Row>(
        (after, limit) => queryRows(db, file.select(schoolId, after?.id ?? 0, limit)),
        BY_ID_PAGE,
      );
      for await (const row of rows) yield file.cells(row);
    },
  };
}

interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  /** Null: a student without e-mail (decision 0063), an empty cell. */
  email: string | null;
  roles: string;
  grade: string | null;
  homeroom: string | null;
  team_id: number | null;
  points: number;
  last_activity_logged_at: string | null;
  created_at: string;
}

const usersFile = fileById<UserRow>({
  name: 'users.csv',
  header: [
    'user_id',
    'first_name',
    'last_name',
    'email',
    'roles',
    'grade',
    'homeroom',
    'team_id',
    'points',
    'last_activity_logged_at',
    'created_at',
  ],
  select: (schoolId, afterId, limit) =>
    sql`select u.id, u.first_name, u.last_name, u.email,
      coalesce((select string_agg(r.role::text, ' ' order by r.role) from user_roles r
        where r.user_id = u.id), '') as roles,
      u.grade, u.homeroom, tm.team_id, u.closed_points as points,
      ${isoTimestamp(sql`u.last_activity_logged_at`)} as last_activity_logged_at,
      ${isoTimestamp(sql`u.created_at`)} as created_at
    from users u left join team_members tm on tm.user_id = u.id
    where u.school_id = ${schoolId} and u.id > ${afterId}
    order by u.id limit ${limit}`,
  cells: (u) => [
    u.id,
    u.first_name,
    u.last_name,
    u.email,
    u.roles,
    u.grade,
    u.homeroom,
    u.team_id,
    u.points,
    u.last_activity_logged_at,
    u.created_at,
  ],
});

interface TeamRow {
  id: number;
  name: string;
  captain_user_id: number | null;
  members: number;
  points: number;
}

const teamsFile = fileById<TeamRow>({
  name: 'teams.csv',
  header: ['team_id', 'name', 'captain_user_id', 'members', 'points'],
  select: (schoolId, afterId, limit) =>
    sql`select t.id, t.name, t.captain_user_id,
      (select count(*)::int from team_members tm where tm.team_id = t.id) as members,
      t.closed_points as points
    from teams t where t.school_id = ${schoolId} and t.id > ${afterId}
    order by t.id limit ${limit}`,
  cells: (t) => [t.id, t.name, t.captain_user_id, t.members, t.points],
});

interface IntervalRow {
  id: number;
  start_date: string;
  end_date: string;
  points_needed: number;
  is_active: boolean;
}

const intervalsFile = fileById<IntervalRow>({
  name: 'intervals.csv',
  header: ['interval_id', 'start_date', 'end_date', 'points_needed', 'is_active'],
  select: (schoolId, afterId, limit) =>
    sql`select id, start_date::text, end_date::text, points_needed, is_active
    from semesters where school_id = ${schoolId} and id > ${afterId}
    order by id limit ${limit}`,
  cells: (s) => [s.id, s.start_date, s.end_date, s.points_needed, s.is_active],
});

interface PaymentRow {
  id: number;
  kind: string;
  user_id: number;
  team_id: number | null;
  amount_cents: number;
  duplicate: boolean;
  created_at: string;
}

/** The checkout session id is left out: the built-in checkout's id opens its page. */
const paymentsFile = fileById<PaymentRow>({
  name: 'payments.csv',
  header: ['payment_id', 'kind', 'user_id', 'team_id', 'amount_dollars', 'duplicate', 'paid_at'],
  select: (schoolId, afterId, limit) =>
    sql`select id, kind::text, user_id, team_id, amount_cents, duplicate,
      ${isoTimestamp(sql`created_at`)} as created_at
    from payments where school_id = ${schoolId} and id > ${afterId}
    order by id limit ${limit}`,
  cells: (p) => [
    p.id,
    p.kind,
    p.user_id,
    p.team_id,
    centsToDollars(p.amount_cents),
    p.duplicate,
    p.created_at,
  ],
});

export const SCHOOL_EXPORT_FILES: readonly SchoolExportFile[] = [
  usersFile,
  teamsFile,
  intervalsFile,
  dailySummariesFile,
  activitiesFile,
  paymentsFile,
];

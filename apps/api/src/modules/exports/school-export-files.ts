import { centsToDollars, SCORING } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CsvCell } from './csv.ts';
import { keysetRows } from './keyset.ts';
import { isoTimestamp } from './sql-text.ts';

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

/** People per page of the school's users; each person's days and activities are read after. */
const PEOPLE_PAGE = 500;
/** Rows per page of one person's days or activities (a page is one statement). */
const ROWS_PAGE = 1000;

interface IdRow {
  id: number;
}

/** The ids of the school's users (every role), in id order. */
async function* schoolUserIds(db: Db, schoolId: number): AsyncGenerator<number> {
  const ids = keysetRows<IdRow>(
    (after, limit) =>
      queryRows(
        db,
        sql`select id from users where school_id = ${schoolId} and id > ${after?.id ?? 0}
        order by id limit ${limit}`,
      ),
    PEOPLE_PAGE,
  );
  for await (const row of ids) yield row.id;
}

interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  roles: string;
  team_id: number | null;
  points: number;
  last_activity_logged_at: string | null;
  created_at: string;
}

const usersFile: SchoolExportFile = {
  name: 'users.csv',
  header: [
    'user_id',
    'first_name',
    'last_name',
    'email',
    'roles',
    'team_id',
    'points',
    'last_activity_logged_at',
    'created_at',
  ],
  async *rows(db, schoolId) {
    const rows = keysetRows<UserRow>(
      (after, limit) =>
        queryRows(
          db,
          sql`select u.id, u.first_name, u.last_name, u.email,
            coalesce((select string_agg(r.role::text, ' ' order by r.role) from user_roles r
              where r.user_id = u.id), '') as roles,
            tm.team_id, u.points,
            ${isoTimestamp(sql`u.last_activity_logged_at`)} as last_activity_logged_at,
            ${isoTimestamp(sql`u.created_at`)} as created_at
          from users u left join team_members tm on tm.user_id = u.id
          where u.school_id = ${schoolId} and u.id > ${after?.id ?? 0}
          order by u.id limit ${limit}`,
        ),
      PEOPLE_PAGE,
    );
    for await (const u of rows) {
      yield [
        u.id,
        u.first_name,
        u.last_name,
        u.email,
        u.roles,
        u.team_id,
        u.points,
        u.last_activity_logged_at,
        u.created_at,
      ];
    }
  },
};

interface TeamRow {
  id: number;
  name: string;
  captain_user_id: number | null;
  members: number;
  points: number;
}

const teamsFile: SchoolExportFile = {
  name: 'teams.csv',
  header: ['team_id', 'name', 'captain_user_id', 'members', 'points'],
  async *rows(db, schoolId) {
    const rows = keysetRows<TeamRow>(
      (after, limit) =>
        queryRows(
          db,
          sql`select t.id, t.name, t.captain_user_id,
            (select count(*)::int from team_members tm where tm.team_id = t.id) as members, t.points
          from teams t where t.school_id = ${schoolId} and t.id > ${after?.id ?? 0}
          order by t.id limit ${limit}`,
        ),
      PEOPLE_PAGE,
    );
    for await (const t of rows) yield [t.id, t.name, t.captain_user_id, t.members, t.points];
  },
};

interface IntervalRow {
  id: number;
  start_date: string;
  end_date: string;
  points_needed: number;
  is_active: boolean;
}

const intervalsFile: SchoolExportFile = {
  name: 'intervals.csv',
  header: ['interval_id', 'start_date', 'end_date', 'points_needed', 'is_active'],
  async *rows(db, schoolId) {
    const rows = keysetRows<IntervalRow>(
      (after, limit) =>
        queryRows(
          db,
          sql`select id, start_date::text, end_date::text, points_needed, is_active
          from semesters where school_id = ${schoolId} and id > ${after?.id ?? 0}
          order by id limit ${limit}`,
        ),
      ROWS_PAGE,
    );
    for await (const s of rows) {
      yield [s.id, s.start_date, s.end_date, s.points_needed, s.is_active];
    }
  },
};

interface SummaryRow {
  local_date: string;
  energy_cents: number;
  food_cents: number;
  is_complete: boolean;
  streak_length: number;
  streak_points: number;
}

const dailySummariesFile: SchoolExportFile = {
  name: 'daily_summaries.csv',
  header: [
    'user_id',
    'local_date',
    'energy_dollars',
    'food_dollars',
    'is_complete',
    'streak_length',
    'streak_points',
  ],
  async *rows(db, schoolId) {
    for await (const userId of schoolUserIds(db, schoolId)) {
      // One person's days by the primary key (user_id, local_date), a page at a time.
      const days = keysetRows<SummaryRow>(
        (after, limit) =>
          queryRows(
            db,
            sql`select local_date::text, energy_cents, food_cents, is_complete, streak_length,
              streak_points
            from daily_summaries where user_id = ${userId}
              ${after ? sql`and local_date > ${after.local_date}::date` : sql``}
            order by local_date limit ${limit}`,
          ),
        ROWS_PAGE,
      );
      for await (const d of days) {
        yield [
          userId,
          d.local_date,
          centsToDollars(d.energy_cents),
          centsToDollars(d.food_cents),
          d.is_complete,
          d.streak_length,
          d.streak_points,
        ];
      }
    }
  },
};

/** One column per property of every activity but stress: `sleep_minutes`, `water_cups`… */
const PROPERTY_COLUMNS = Object.entries(SCORING).flatMap(([type, rule]) =>
  Object.keys(rule.unitCents).map((key) => ({ type, key, column: `${type}_${key}` })),
);

interface ActivityRow {
  activity_type: string;
  local_date: string;
  total_cents: number;
  properties: Record<string, number>;
}

const activitiesFile: SchoolExportFile = {
  name: 'activities.csv',
  header: [
    'user_id',
    'local_date',
    'activity_type',
    'total_dollars',
    ...PROPERTY_COLUMNS.map((p) => p.column),
  ],
  async *rows(db, schoolId) {
    for await (const userId of schoolUserIds(db, schoolId)) {
      // The unique index (user_id, activity_type, local_date) serves the order and the keyset.
      const activities = keysetRows<ActivityRow>(
        (after, limit) =>
          queryRows(
            db,
            sql`select activity_type::text, local_date::text, total_cents, properties
            from activities where user_id = ${userId} and activity_type <> 'stress'
              ${after ? sql`and (activity_type, local_date) > (${after.activity_type}::activity_type, ${after.local_date}::date)` : sql``}
            order by activity_type, local_date limit ${limit}`,
          ),
        ROWS_PAGE,
      );
      for await (const a of activities) {
        yield [
          userId,
          a.local_date,
          a.activity_type,
          centsToDollars(a.total_cents),
          ...PROPERTY_COLUMNS.map((p) =>
            p.type === a.activity_type ? (a.properties[p.key] ?? 0) : null,
          ),
        ];
      }
    }
  },
};

interface PaymentRow {
  id: number;
  kind: string;
  user_id: number;
  team_id: number | null;
  amount_cents: number;
  duplicate: boolean;
  created_at: string;
}

const paymentsFile: SchoolExportFile = {
  name: 'payments.csv',
  header: ['payment_id', 'kind', 'user_id', 'team_id', 'amount_dollars', 'duplicate', 'paid_at'],
  async *rows(db, schoolId) {
    // The checkout session id is left out: the built-in checkout's id opens its page.
    const rows = keysetRows<PaymentRow>(
      (after, limit) =>
        queryRows(
          db,
          sql`select id, kind::text, user_id, team_id, amount_cents, duplicate,
            ${isoTimestamp(sql`created_at`)} as created_at
          from payments where school_id = ${schoolId} and id > ${after?.id ?? 0}
          order by id limit ${limit}`,
        ),
      ROWS_PAGE,
    );
    for await (const p of rows) {
      yield [
        p.id,
        p.kind,
        p.user_id,
        p.team_id,
        centsToDollars(p.amount_cents),
        p.duplicate,
        p.created_at,
      ];
    }
  },
};

export const SCHOOL_EXPORT_FILES: readonly SchoolExportFile[] = [
  usersFile,
  teamsFile,
  intervalsFile,
  dailySummariesFile,
  activitiesFile,
  paymentsFile,
];

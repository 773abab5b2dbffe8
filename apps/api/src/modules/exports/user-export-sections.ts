import { centsToDollars } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { isoTimestamp } from './sql-text.ts';

/**
 * The sections of a person's own export (`GET /users/{id}/export`), one per kind of data kept
 * about them; the export is `{format, version, exported_at, <name>: read(...)…}` in this order.
 * A new table about a person (consents, the audit log) is one more line in USER_EXPORT_SECTIONS.
 * No section holds a password hash, a token or token hash, or a checkout id (the built-in
 * checkout's id opens its page): decision 0021 has the data map.
 */
export interface UserExportSection {
  name: string;
  read(db: Db, userId: number): Promise<unknown>;
  /**
   * What a guardian's download of the child's data holds of it (decision 0081): the same, none
   * (`'withheld'`), or its own read. Never a stress rating, the stress amount, or a figure that
   * holds stress (a balance, day points, the points): with the other amounts it gives stress back.
   */
  guardian: 'same' | 'withheld' | ((db: Db, userId: number) => Promise<unknown>);
}

const one = async <Row>(rows: Promise<Row[]>): Promise<Row | null> => (await rows)[0] ?? null;

/** The account; `points` only in the person's own export (points hold the days' stress). */
const readAccount = (db: Db, userId: number, withPoints: boolean) =>
  one(
    queryRows(
      db,
      sql`select id, first_name, last_name, email, ${withPoints ? sql`points,` : sql``} grade,
          homeroom, language, picture,
          ${isoTimestamp(sql`last_activity_logged_at`)} as last_activity_logged_at,
          ${isoTimestamp(sql`created_at`)} as created_at
        from users where id = ${userId}`,
    ),
  );

const account: UserExportSection = {
  name: 'account',
  read: (db, userId) => readAccount(db, userId, true),
  guardian: (db, userId) => readAccount(db, userId, false),
};

const roles: UserExportSection = {
  name: 'roles',
  read: async (db, userId) =>
    (
      await queryRows<{ role: string }>(
        db,
        sql`select role::text from user_roles where user_id = ${userId} order by role`,
      )
    ).map((row) => row.role),
  guardian: 'same',
};

const school: UserExportSection = {
  name: 'school',
  read: (db, userId) =>
    one(
      queryRows(
        db,
        sql`select s.id, s.name, s.time_zone from schools s
        join users u on u.school_id = s.id where u.id = ${userId}`,
      ),
    ),
  guardian: 'same',
};

/** The person's team: its name and size, not its other members (their data is theirs). */
const team: UserExportSection = {
  name: 'team',
  read: (db, userId) =>
    one(
      queryRows(
        db,
        sql`select t.id, t.name, t.captain_user_id = ${userId} as is_captain,
          (select count(*)::int from team_members m where m.team_id = t.id) as num_team_users
        from team_members tm join teams t on t.id = tm.team_id where tm.user_id = ${userId}`,
      ),
    ),
  guardian: 'same',
};

interface DayRow {
  local_date: string;
  balance_cents: number;
  food_cents: number;
  energy_cents: number;
  stress_cents: number;
  is_complete: boolean;
  streak_length: number;
  rest_days: number;
  day_points: number;
  streak_points: number;
}

interface ActivityRow {
  local_date: string;
  activity_type: string;
  total_cents: number;
  properties: Record<string, number>;
  updated_at: string;
}

/**
 * Every day the person logged: the day's figures and each activity with its properties, the
 * stress ratings too (a child's stress is theirs to see). A few hundred rows a year: read whole.
 * Without stress (a guardian's download): no stress activity, and of the day's figures only those
 * without stress: energy (the balance before stress), food, completeness, the streak.
 */
async function readDays(db: Db, userId: number, withStress: boolean) {
  const [summaries, activities] = await Promise.all([
    queryRows<DayRow>(
      db,
      sql`select local_date::text, balance_cents, food_cents, energy_cents, stress_cents,
          is_complete, streak_length, rest_days, day_points, streak_points
        from daily_summaries where user_id = ${userId} order by local_date`,
    ),
    queryRows<ActivityRow>(
      db,
      sql`select local_date::text, activity_type::text, total_cents, properties,
          ${isoTimestamp(sql`updated_at`)} as updated_at
        from activities where user_id = ${userId}
          ${withStress ? sql`` : sql`and activity_type <> 'stress'`}
        order by local_date, activity_type`,
    ),
  ]);
  const byDate = new Map<string, ActivityRow[]>();
  for (const activity of activities) {
    byDate.set(activity.local_date, [...(byDate.get(activity.local_date) ?? []), activity]);
  }
  const dates = [...new Set([...summaries.map((d) => d.local_date), ...byDate.keys()])].sort();
  const summaryOf = new Map(summaries.map((d) => [d.local_date, d]));
  return dates.map((date) => {
    const summary = summaryOf.get(date);
    return {
      local_date: date,
      ...(summary &&
        withStress && {
          balance: centsToDollars(summary.balance_cents),
          energy: centsToDollars(summary.energy_cents),
          stress: centsToDollars(summary.stress_cents),
          food: centsToDollars(summary.food_cents),
          is_complete: summary.is_complete,
          streak_length: summary.streak_length,
          rest_days: summary.rest_days,
          day_points: summary.day_points,
          streak_points: summary.streak_points,
        }),
      ...(summary &&
        !withStress && {
          energy: centsToDollars(summary.energy_cents),
          food: centsToDollars(summary.food_cents),
          is_complete: summary.is_complete,
          streak_length: summary.streak_length,
          rest_days: summary.rest_days,
          streak_points: summary.streak_points,
        }),
      activities: (byDate.get(date) ?? []).map((activity) => ({
        activity_type: activity.activity_type,
        total: centsToDollars(activity.total_cents),
        properties: Object.entries(activity.properties).map(([key, value]) => ({
          property_key: key,
          property_value: value,
        })),
        updated_at: activity.updated_at,
      })),
    };
  });
}

const days: UserExportSection = {
  name: 'days',
  read: (db, userId) => readDays(db, userId, true),
  guardian: (db, userId) => readDays(db, userId, false),
};

const piggyBanks: UserExportSection = {
  name: 'piggy_banks',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select earned_on::text, spent_on::text from piggy_banks
      where user_id = ${userId} order by earned_on`,
    ),
  guardian: 'same',
};

interface MoneyRow {
  amount_cents: number;
}

const inDollars = <Row extends MoneyRow>({ amount_cents, ...row }: Row) => ({
  ...row,
  amount: centsToDollars(amount_cents),
});

/** Payments the person made (a school's subscription paid by its coordinator, a donation). */
const payments: UserExportSection = {
  name: 'payments',
  read: async (db, userId) =>
    (
      await queryRows<MoneyRow>(
        db,
        sql`select kind::text, amount_cents, duplicate, ${isoTimestamp(sql`created_at`)} as paid_at
        from payments where user_id = ${userId} order by id`,
      )
    ).map(inDollars),
  guardian: 'same',
};

/** Checkouts the person opened, paid or not; without the provider's id or page address. */
const checkouts: UserExportSection = {
  name: 'checkouts',
  read: async (db, userId) =>
    (
      await queryRows<MoneyRow>(
        db,
        sql`select kind::text, status, num_students, amount_cents,
          ${isoTimestamp(sql`created_at`)} as created_at
        from checkout_sessions where user_id = ${userId} order by created_at`,
      )
    ).map(inDollars),
  guardian: 'same',
};

/** When each signed-in session began and was last used; never the token or its hash. */
const sessions: UserExportSection = {
  name: 'sessions',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select ${isoTimestamp(sql`created_at`)} as created_at,
        ${isoTimestamp(sql`last_used_at`)} as last_used_at
      from auth_sessions where user_id = ${userId} order by id`,
    ),
  guardian: 'same',
};

/** District accounts linked (decision 0050): which, and the address given; never a token. */
const signIns: UserExportSection = {
  name: 'sign_ins',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select provider, issuer, subject, email, ${isoTimestamp(sql`created_at`)} as created_at
      from user_identities where user_id = ${userId} order by id`,
    ),
  guardian: 'same',
};

/** Password reset links asked for: when they expire(d) and whether used; never the token. */
const passwordResets: UserExportSection = {
  name: 'password_resets',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select ${isoTimestamp(sql`expires_at`)} as expires_at,
        ${isoTimestamp(sql`used_at`)} as used_at
      from password_resets where user_id = ${userId} order by id`,
    ),
  guardian: 'same',
};

/** The child's badges (decision 0065): when each was made and voided; never the token or its hash. */
const badges: UserExportSection = {
  name: 'badges',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select ${isoTimestamp(sql`created_at`)} as created_at,
        ${isoTimestamp(sql`voided_at`)} as voided_at
      from badges where user_id = ${userId} order by id`,
    ),
  guardian: 'same',
};

/**
 * The child's secret pictures for class sign-in, in the order tapped (decision 0064): their own
 * sign-in data, so theirs to download. Nothing before a class code or card first drew them: null.
 */
const classSignIn: UserExportSection = {
  name: 'class_sign_in',
  read: async (db, userId) => {
    const row = await one(
      queryRows<{ first: string; second: string }>(
        db,
        sql`select first, second from secret_pictures where user_id = ${userId}`,
      ),
    );
    return { secret_pictures: row ? [row.first, row.second] : null };
  },
  guardian: 'withheld',
};

/** Personal badges (decision 0078) and when each was celebrated. */
const personalBadges: UserExportSection = {
  name: 'personal_badges',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select badge, earned_on::text, ${isoTimestamp(sql`celebrated_at`)} as celebrated_at
      from personal_badges where user_id = ${userId} order by earned_on, badge`,
    ),
  guardian: 'same',
};

/** Reminder settings (decision 0029): the time is school-local. */
const reminders: UserExportSection = {
  name: 'reminders',
  read: (db, userId) =>
    one(
      queryRows(
        db,
        sql`select enabled, to_char(make_time(minute_of_day / 60, minute_of_day % 60, 0), 'HH24:MI')
          as time, push, email, weekly_summary, ${isoTimestamp(sql`updated_at`)} as updated_at
        from reminder_settings where user_id = ${userId}`,
      ),
    ),
  guardian: 'same',
};

/**
 * The devices reminders are pushed to: the push service's host and when, not the endpoint or
 * its keys (whoever holds them can send to the device).
 */
const pushDevices: UserExportSection = {
  name: 'push_devices',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select substring(endpoint from '^https?://([^/]+)') as push_service,
        ${isoTimestamp(sql`created_at`)} as created_at, reminded_on::text as last_reminded_on
      from push_subscriptions where user_id = ${userId} order by id`,
    ),
  guardian: 'same',
};

/** The reminders claimed for the person in the last 8 days, and how each went out. */
const reminderSends: UserExportSection = {
  name: 'reminders_sent',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select local_date::text, kind, ${isoTimestamp(sql`pushed_at`)} as pushed_at,
        ${isoTimestamp(sql`mailed_at`)} as mailed_at
      from reminder_sends where user_id = ${userId} order by local_date, kind`,
    ),
  guardian: 'same',
};

/**
 * Activity-log entries about the person: what they did and what was done to their account
 * (decision 0025), with the address each came from.
 */
const auditEntries: UserExportSection = {
  name: 'activity_log',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select ${isoTimestamp(sql`at`)} as at, action, actor_user_id = ${userId} as by_you,
        target_kind, target_id, detail, client_address
      from audit_log
      where actor_user_id = ${userId} or (target_kind = 'user' and target_id = ${userId})
      order by id`,
    ),
  guardian: 'same',
};

/**
 * The child's family codes (decision 0075): when each was made and revoked, from the activity log;
 * never the code (only its hash is kept, and that opens a link). `live_since`: the working one's.
 */
const familyCodes: UserExportSection = {
  name: 'family_codes',
  read: async (db, userId) => {
    const [live, history] = await Promise.all([
      one(
        queryRows<{ created_at: string }>(
          db,
          sql`select ${isoTimestamp(sql`created_at`)} as created_at from family_codes
          where user_id = ${userId}`,
        ),
      ),
      queryRows(
        db,
        sql`select case action when 'family_code.issue' then 'made' else 'revoked' end as event,
          ${isoTimestamp(sql`at`)} as at
        from audit_log where target_kind = 'user' and target_id = ${userId}
          and action in ('family_code.issue', 'family_code.revoke')
        order by id`,
      ),
    ]);
    return { live_since: live?.created_at ?? null, history };
  },
  guardian: 'same',
};

/** The family members linked to the child (decision 0075): names and when; never an e-mail. */
const guardians: UserExportSection = {
  name: 'guardians',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select g.first_name, g.last_name, ${isoTimestamp(sql`l.created_at`)} as linked_at
      from guardian_links l join users g on g.id = l.guardian_user_id
      where l.student_user_id = ${userId} order by l.created_at, g.id`,
    ),
  guardian: 'same',
};

/**
 * The child's talk requests to the counsellors (decision 0073): when asked and handled. Never in
 * a guardian's download: a child may want to talk about home.
 */
const talkRequests: UserExportSection = {
  name: 'talk_requests',
  read: (db, userId) =>
    queryRows(
      db,
      sql`select ${isoTimestamp(sql`asked_at`)} as asked_at,
        ${isoTimestamp(sql`handled_at`)} as handled_at
      from talk_requests where user_id = ${userId} order by id`,
    ),
  guardian: 'withheld',
};

export const USER_EXPORT_SECTIONS: readonly UserExportSection[] = [
  account,
  roles,
  school,
  team,
  days,
  piggyBanks,
  payments,
  checkouts,
  sessions,
  signIns,
  passwordResets,
  badges,
  classSignIn,
  personalBadges,
  reminders,
  pushDevices,
  reminderSends,
  familyCodes,
  guardians,
  talkRequests,
  auditEntries,
];

export const USER_EXPORT_FORMAT = { format: 'wellbank-user-export', version: 1 } as const;

export type UserExport = typeof USER_EXPORT_FORMAT & { exported_at: string } & Record<
    string,
    unknown
  >;

/** Each section read in turn (PGlite runs one statement at a time anyway). */
export async function readUserExport(db: Db, userId: number, now: Date): Promise<UserExport> {
  const exported: UserExport = { ...USER_EXPORT_FORMAT, exported_at: now.toISOString() };
  for (const section of USER_EXPORT_SECTIONS)
    exported[section.name] = await section.read(db, userId);
  return exported;
}

/**
 * A guardian's download of their child's data (decision 0081): the same export, each section as
 * its `guardian` says, `withheld` naming the sections left out. No stress in it, whatever the
 * child's age: a child of 13 or more takes their stress in their own export.
 */
export async function readGuardianExport(db: Db, userId: number, now: Date): Promise<UserExport> {
  const exported: UserExport = {
    ...USER_EXPORT_FORMAT,
    exported_at: now.toISOString(),
    for_guardian: true,
  };
  const withheld: string[] = [];
  for (const { name, read, guardian } of USER_EXPORT_SECTIONS) {
    if (guardian === 'withheld') withheld.push(name);
    else exported[name] = await (guardian === 'same' ? read : guardian)(db, userId);
  }
  exported.withheld = withheld;
  return exported;
}

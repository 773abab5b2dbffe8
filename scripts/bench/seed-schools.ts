import { TIME_ZONE_VALUES } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.ts';
import { pgArray } from './pg-array.ts';

export interface SchoolGroup {
  /** One letter: school codes are this letter and five digits, unique across groups. */
  codeLetter: string;
  name: string;
  count: number;
  staff: number;
  students: number;
  community: number;
}

export interface SeededSchool {
  id: number;
  timeZone: string;
}

const FIRST_NAMES = (
  'Ava Ben Chloe Diego Emma Finn Grace Hugo Isla Jack Kai Lena Mia Noah Olivia Priya ' +
  'Quinn Ravi Sofia Theo Uma Victor Willow Xavier Yara Zoe Aiden Bella Caleb Daisy Eli ' +
  'Fatima Gabe Hana Ivan Jade Leo Maya Nico Omar'
).split(' ');
const LAST_NAMES = (
  'Smith Johnson Garcia Nguyen Brown Martinez Lee Walker Hall Young King Wright Lopez ' +
  'Hill Scott Green Adams Baker Nelson Carter Mitchell Perez Roberts Turner Phillips ' +
  'Campbell Parker Evans Edwards Collins Stewart Sanchez Morris Rogers Reed Cook Morgan ' +
  'Bell Murphy Bailey'
).split(' ');

const BENCH_PASSWORD = 'bench-password';
let passwordHash: Promise<string> | undefined;

/**
 * Schools as sign-up and joining make them (DESIGN.md §1.5), in a few set-based statements: per
 * school one coordinator (admin + staff), staff, students, each captaining a team named
 * "{first} {L}.", community members on some of those teams, and an active interval around today.
 */
export async function seedSchools(db: Db, group: SchoolGroup): Promise<SeededSchool[]> {
  passwordHash ??= hashPassword(BENCH_PASSWORD);
  const schools = await queryRows<SeededSchool>(
    db,
    sql`insert into schools (name, code, time_zone, contact_name, contact_email, contact_phone,
        address, city, state, zip_code)
      select ${group.name} || ' ' || i, ${group.codeLetter} || lpad(i::text, 5, '0'),
        (${pgArray(TIME_ZONE_VALUES)}::text[])[1 + i % ${TIME_ZONE_VALUES.length}],
        'Pat Principal', 'office' || i || '@' || lower(${group.codeLetter}) || '.bench.test',
        '303-555-0100', i || ' School Road', 'Springfield', 'CO', '80202'
      from generate_series(1, ${group.count}::int) i
      order by i
      returning id, time_zone as "timeZone"`,
  );
  const ids = pgArray(schools.map((school) => school.id));
  const perSchool = 1 + group.staff + group.students + group.community;
  const lastStudent = 1 + group.staff + group.students;
  await db.execute(sql`insert into users (school_id, first_name, last_name, email, password_hash)
    select s.id, (${pgArray(FIRST_NAMES)}::text[])[1 + (n * 7 + s.id) % ${FIRST_NAMES.length}],
      (${pgArray(LAST_NAMES)}::text[])[1 + (n * 13 + s.id * 3) % ${LAST_NAMES.length}],
      'u' || n || '.s' || s.id || '@bench.test', ${await passwordHash}
    from unnest(${ids}::int[]) s(id) cross join generate_series(1, ${perSchool}::int) n
    order by s.id, n`);
  await db.execute(sql`with numbered as (
      select id, row_number() over (partition by school_id order by id) as n
      from users where school_id = any(${ids}::int[]))
    insert into user_roles (user_id, role)
      select id, 'admin'::role_name from numbered where n = 1
      union all select id, 'staff' from numbered where n <= ${1 + group.staff}
      union all select id, 'student' from numbered where n > ${1 + group.staff} and n <= ${lastStudent}
      union all select id, 'community_member' from numbered where n > ${lastStudent}`);
  await db.execute(sql`insert into teams (school_id, captain_user_id, name)
    select u.school_id, u.id, u.first_name || ' ' || left(u.last_name, 1) || '.'
    from users u
    where u.school_id = any(${ids}::int[]) and not exists (
      select 1 from user_roles r where r.user_id = u.id and r.role = 'community_member')
    order by u.id`);
  await db.execute(sql`insert into team_members (team_id, user_id)
    select id, captain_user_id from teams where school_id = any(${ids}::int[])`);
  await db.execute(sql`with numbered_teams as (
      select id, school_id, row_number() over (partition by school_id order by id) as k,
        count(*) over (partition by school_id) as total
      from teams where school_id = any(${ids}::int[])
    ), community as (
      select u.id, u.school_id, row_number() over (partition by u.school_id order by u.id) as m
      from users u join user_roles r on r.user_id = u.id and r.role = 'community_member'
      where u.school_id = any(${ids}::int[]))
    insert into team_members (team_id, user_id)
      select t.id, c.id from community c
      join numbered_teams t on t.school_id = c.school_id and t.k = 1 + (c.m * 7919) % t.total`);
  await db.execute(sql`insert into semesters (school_id, start_date, end_date, points_needed, is_active)
    select id, current_date - 180, current_date - 61, 800, false from unnest(${ids}::int[]) s(id)
    union all
    select id, current_date - 60, current_date + 60, 1000, true from unnest(${ids}::int[]) s(id)`);
  await seedPayments(db, ids);
  return schools;
}

/**
 * Every school has paid its subscription and every community member their donation, or the
 * server would answer their calls 402 (the payment gate, apps/api/src/modules/users/README.md).
 */
async function seedPayments(db: Db, ids: string): Promise<void> {
  await db.execute(sql`with owed as (
      select 'bench_sub_' || u.school_id as id, 'subscription'::checkout_kind as kind,
        u.school_id, null::int as team_id, u.id as user_id
      from users u join user_roles r on r.user_id = u.id and r.role = 'admin'
      where u.school_id = any(${ids}::int[])
      union all
      select 'bench_don_' || u.id, 'donation', u.school_id, tm.team_id, u.id
      from users u join user_roles r on r.user_id = u.id and r.role = 'community_member'
      join team_members tm on tm.user_id = u.id
      where u.school_id = any(${ids}::int[])
    ), opened as (
      insert into checkout_sessions (id, provider, kind, school_id, team_id, user_id, amount_cents, status)
      select id, 'local', kind, school_id, team_id, user_id, 0, 'paid' from owed
      returning id, kind, school_id, team_id, user_id, amount_cents)
    insert into payments (checkout_session_id, kind, school_id, team_id, user_id, amount_cents)
      select id, kind, school_id, team_id, user_id, amount_cents from opened`);
}

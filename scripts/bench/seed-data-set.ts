import { addDays, localDate, previousWeek } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import type { BenchOptions } from './options.ts';
import { pgArray } from './pg-array.ts';
import { seedActivitiesFromSummaries, seedHistory } from './seed-history.ts';
import { type SeededSchool, seedSchools } from './seed-schools.ts';
import { createSessions } from './seed-sessions.ts';

/** Signed-in users of the load scenarios, one token each. */
export interface DrivenUsers {
  tokens: string[];
}

/** The 5,000-student school of issue 4 and sessions of its people. */
export interface BigSchool {
  id: number;
  studentIds: number[];
  studentTokens: string[];
  /** A staff member (the coordinator), who may read the student list. */
  staffToken: string;
  /** Teams of the students with a token, for `GET /teams/{id}/users`. */
  teamIds: number[];
}

/** Ratios of a 500-user school: 1 coordinator, 29 staff, 420 students, 50 family members. */
function smallSchoolGroup(count: number, usersPerSchool: number, codeLetter: string, name: string) {
  const staff = Math.round(usersPerSchool * 0.058);
  const community = Math.round(usersPerSchool * 0.1);
  return {
    codeLetter,
    name,
    count,
    staff,
    community,
    students: usersPerSchool - 1 - staff - community,
  };
}

const yesterdayRange = (days: number) => (school: SeededSchool) => {
  const end = addDays(localDate(new Date(), school.timeZone), -1);
  return { start: addDays(end, 1 - days), end };
};

export async function seedSmallSchools(
  db: Db,
  options: Pick<BenchOptions, 'schools' | 'usersPerSchool' | 'schoolHistoryDays' | 'drivenUsers'>,
): Promise<{ schools: SeededSchool[]; driven: DrivenUsers; summaries: number }> {
  const schools = await seedSchools(
    db,
    smallSchoolGroup(options.schools, options.usersPerSchool, 'S', 'Bench Elementary'),
  );
  const summaries = await seedHistory(db, {
    schools,
    range: yesterdayRange(options.schoolHistoryDays),
    seed: 1,
  });
  await seedActivitiesFromSummaries(
    db,
    schools.map((school) => school.id),
  );
  // Spread over every school; `random()` order so no school's users all come first.
  const users = await queryRows<{ id: number }>(
    db,
    sql`select id from users where school_id = any(${pgArray(schools.map((s) => s.id))}::int[])
      order by random() limit ${options.drivenUsers}`,
  );
  const tokens = await createSessions(
    db,
    users.map((user) => user.id),
  );
  return { schools, driven: { tokens }, summaries };
}

export async function seedBigSchool(
  db: Db,
  options: Pick<BenchOptions, 'bigSchoolStudents' | 'bigSchoolHistoryDays' | 'probeRequests'>,
): Promise<{ school: BigSchool; summaries: number }> {
  const students = options.bigSchoolStudents;
  const [school] = await seedSchools(db, {
    codeLetter: 'B',
    name: 'Bench High',
    count: 1,
    staff: Math.round(students * 0.06),
    students,
    community: Math.round(students * 0.1),
  });
  if (!school) throw new Error('the big school was not created');
  const summaries = await seedHistory(db, {
    schools: [school],
    range: yesterdayRange(options.bigSchoolHistoryDays),
    seed: 2,
  });
  const sampled = await queryRows<{ id: number; team_id: number }>(
    db,
    sql`select u.id, tm.team_id from users u
      join user_roles r on r.user_id = u.id and r.role = 'student'
      join team_members tm on tm.user_id = u.id
      where u.school_id = ${school.id} order by random() limit ${Math.min(200, options.probeRequests)}`,
  );
  const [coordinator] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join user_roles r on r.user_id = u.id and r.role = 'admin'
      where u.school_id = ${school.id}`,
  );
  if (!coordinator) throw new Error('the big school has no coordinator');
  const [staffToken, ...studentTokens] = await createSessions(db, [
    coordinator.id,
    ...sampled.map((user) => user.id),
  ]);
  if (!staffToken) throw new Error('no session for the coordinator');
  return {
    school: {
      id: school.id,
      studentIds: sampled.map((user) => user.id),
      studentTokens,
      staffToken,
      teamIds: sampled.map((user) => user.team_id),
    },
    summaries,
  };
}

/** The users of issue 4's weekly figures: schools of 1,000 with last week's summaries only. */
export async function seedWeeklyCohort(
  db: Db,
  users: number,
): Promise<{ schools: SeededSchool[]; summaries: number }> {
  const perSchool = 1000;
  const schools = await seedSchools(db, {
    ...smallSchoolGroup(Math.ceil(users / perSchool), perSchool, 'W', 'Bench Weekly'),
  });
  const summaries = await seedHistory(db, {
    schools,
    range: (school) => previousWeek(localDate(new Date(), school.timeZone)),
    seed: 3,
  });
  return { schools, summaries };
}

/**
 * What autovacuum does to a live database: statistics for the planner, and the visibility map
 * without which an index-only scan (the team rank's counts) still reads every heap page.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/**
 * The aftermath of a load's writes done at once: vacuum (which autovacuum would start in the next
 * load's time) and a checkpoint (the dirty pages the checkpointer would write meanwhile).
 */
export async function settleDatabase(db: Db): Promise<void> {
  await vacuumAnalyze(db);
  await db.execute(sql`checkpoint`);
}

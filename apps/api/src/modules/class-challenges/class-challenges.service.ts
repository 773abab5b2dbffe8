import {
  addDays,
  CLASS_CHALLENGE_DAYS,
  CLASS_CHALLENGE_MESSAGES,
  CLASS_CHALLENGE_MIN_STUDENTS,
  CLASS_CHALLENGE_RULES,
  type ClassChallenge,
  type ClassChallengeCreate,
  challengeMeter,
  challengeStatus,
  MESSAGES,
  type MyClassChallenges,
  type StaffClassChallenges,
  schoolDate,
} from '@wellbank/domain';
import { and, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, classChallenges, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';

type ChallengeRow = typeof classChallenges.$inferSelect;

interface Caller {
  schoolId: number;
  userId: number;
  timeZone: string;
  now: Date;
}

/** The students of a challenge's class, as a condition on `users`. */
function classStudents(schoolId: number, scope: ChallengeRow['scope'], className: string): SQL {
  const column = scope === 'homeroom' ? users.homeroom : users.grade;
  return sql`${users.schoolId} = ${schoolId} and ${users.isStudent} and ${column} = ${className}`;
}

/** The last day a challenge counts: its week's end, or the day staff ended it. */
function lastCountedDay(row: ChallengeRow, timeZone: string): string {
  if (!row.endedEarly || !row.closedAt) return row.endsOn;
  const ended = schoolDate(row.closedAt, timeZone);
  return ended < row.endsOn ? ended : row.endsOn;
}

/**
 * The class meter (decision 0084): the days its students logged in the challenge's one category
 * during its week, summed by the domain's rule. The query names that category, never stress.
 */
async function meterOf(db: Db, row: ChallengeRow, timeZone: string): Promise<number> {
  const { category } = CLASS_CHALLENGE_RULES[row.kind];
  const days = await db
    .select({ category: activities.activityType, properties: activities.properties })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(
      and(
        classStudents(row.schoolId, row.scope, row.className),
        eq(activities.activityType, category),
        gte(activities.localDate, row.startsOn),
        lte(activities.localDate, lastCountedDay(row, timeZone)),
      ),
    );
  return challengeMeter(row.kind, days);
}

async function withMeter(db: Db, row: ChallengeRow, timeZone: string): Promise<ClassChallenge> {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.scope,
    class_name: row.className,
    target: row.target,
    total: await meterOf(db, row, timeZone),
    starts_on: row.startsOn,
    ends_on: row.endsOn,
  };
}

/**
 * Starts a week-long challenge for a homeroom or grade of the caller's school, today to six days
 * on. One open challenge per class: a finished one is closed first, and the partial unique index
 * `class_challenges_one_running` refuses a second start (409), also when two arrive at once.
 */
export function startClassChallenge(
  db: Db,
  input: ClassChallengeCreate,
  caller: Caller,
): Promise<ClassChallenge> {
  const today = schoolDate(caller.now, caller.timeZone);
  return db.transaction(async (tx) => {
    const students = await tx
      .select({ id: users.id })
      .from(users)
      .where(classStudents(caller.schoolId, input.scope, input.class_name))
      .limit(CLASS_CHALLENGE_MIN_STUDENTS);
    if (students.length < CLASS_CHALLENGE_MIN_STUDENTS)
      throw new AppError('unprocessable', CLASS_CHALLENGE_MESSAGES.noStudents);
    const ofClass = and(
      eq(classChallenges.schoolId, caller.schoolId),
      eq(classChallenges.scope, input.scope),
      eq(classChallenges.className, input.class_name),
      isNull(classChallenges.closedAt),
    );
    await tx
      .update(classChallenges)
      .set({ closedAt: caller.now })
      .where(and(ofClass, sql`${classChallenges.endsOn} < ${today}`));
    const [row] = await tx
      .insert(classChallenges)
      .values({
        schoolId: caller.schoolId,
        kind: input.kind,
        scope: input.scope,
        className: input.class_name,
        target: input.target,
        startsOn: today,
        endsOn: addDays(today, CLASS_CHALLENGE_DAYS - 1),
        createdBy: caller.userId,
        createdAt: caller.now,
      })
      .returning();
    if (!row) throw new Error('insert into class_challenges returned no row');
    return withMeter(tx, row, caller.timeZone);
  });
}

/** Staff's list: the school's 20 newest challenges with their meters and status. */
export async function schoolClassChallenges(db: Db, caller: Caller): Promise<StaffClassChallenges> {
  const today = schoolDate(caller.now, caller.timeZone);
  const rows = await db
    .select()
    .from(classChallenges)
    .where(eq(classChallenges.schoolId, caller.schoolId))
    .orderBy(desc(classChallenges.createdAt), desc(classChallenges.id))
    .limit(20);
  const challenges = [];
  for (const row of rows) {
    challenges.push({
      ...(await withMeter(db, row, caller.timeZone)),
      status: challengeStatus(row, today),
    });
  }
  return { challenges };
}

/**
 * The running challenges of the caller's own homeroom and grade: the goal and the class total,
 * never anyone's share of it.
 */
export async function myClassChallenges(db: Db, caller: Caller): Promise<MyClassChallenges> {
  const [me] = await db
    .select({ homeroom: users.homeroom, grade: users.grade, isStudent: users.isStudent })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!me?.isStudent || (!me.homeroom && !me.grade)) return { challenges: [] };
  const ofMyClass = or(
    me.homeroom
      ? and(eq(classChallenges.scope, 'homeroom'), eq(classChallenges.className, me.homeroom))
      : undefined,
    me.grade
      ? and(eq(classChallenges.scope, 'grade'), eq(classChallenges.className, me.grade))
      : undefined,
  );
  return runningChallenges(db, caller.schoolId, ofMyClass, caller);
}

/**
 * The running challenge of a homeroom (decision 0085: a class check-in's screen reads it by the
 * class code): the goal and the class total, never anyone's share of it.
 */
export function homeroomChallenges(
  db: Db,
  schoolId: number,
  homeroom: string,
  at: { timeZone: string; now: Date },
): Promise<MyClassChallenges> {
  const ofHomeroom = and(
    eq(classChallenges.scope, 'homeroom'),
    eq(classChallenges.className, homeroom),
  );
  return runningChallenges(db, schoolId, ofHomeroom, at);
}

async function runningChallenges(
  db: Db,
  schoolId: number,
  ofClass: SQL | undefined,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<MyClassChallenges> {
  const today = schoolDate(now, timeZone);
  const rows = await db
    .select()
    .from(classChallenges)
    .where(
      and(
        eq(classChallenges.schoolId, schoolId),
        isNull(classChallenges.closedAt),
        lte(classChallenges.startsOn, today),
        gte(classChallenges.endsOn, today),
        ofClass,
      ),
    )
    .orderBy(classChallenges.id);
  const challenges = [];
  for (const row of rows) challenges.push(await withMeter(db, row, timeZone));
  return { challenges };
}

/**
 * Ends a running challenge early. Scope before role (auth/access.ts): another school's challenge
 * is 404 to anyone; one of their own school is 403 to whoever may not run class challenges.
 * Ending one that is no longer running changes nothing (204 again): of two parallel ends one
 * ends it, the other finds it ended.
 */
export async function endClassChallenge(
  db: Db,
  challengeId: number,
  caller: Caller & { mayEnd: boolean },
): Promise<void> {
  const today = schoolDate(caller.now, caller.timeZone);
  const ofSchool = and(
    eq(classChallenges.id, challengeId),
    eq(classChallenges.schoolId, caller.schoolId),
  );
  const [found] = await db.select({ id: classChallenges.id }).from(classChallenges).where(ofSchool);
  if (!found) throw notFound();
  if (!caller.mayEnd) throw new AppError('forbidden', MESSAGES.forbidden);
  await db
    .update(classChallenges)
    .set({ closedAt: caller.now, endedEarly: true })
    .where(and(ofSchool, isNull(classChallenges.closedAt), gte(classChallenges.endsOn, today)));
}

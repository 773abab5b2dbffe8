import {
  GRADE_ORDER,
  highestGrade,
  isLeavingGrade,
  LEAVING_GRACE_DAYS,
  nextGrade,
  ROLLOVER_MESSAGES,
  rolloverAuditDetail,
  type YearEndRolloverInput,
  type YearEndRolloverResult,
} from '@wellbank/domain';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nameSortKey } from '../../db/name-sort-key.ts';
import { semesters, teams, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { deleteUser } from '../deletion/user-deletion.service.ts';
import { lockSchoolPoints } from '../points/point-locks.ts';
import { recomputeSchoolPoints } from '../points/points.service.ts';
import {
  findActiveSemester,
  insertSemester,
  refuseOverlap,
} from '../semesters/semesters.service.ts';
import { setSchoolTeamName } from '../teams/teams.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface RolloverOptions {
  schoolId: number;
  input: YearEndRolloverInput;
  now: Date;
}

/** The school's students still staying (not already marked leaving by an earlier rollover). */
const staying = (schoolId: number) =>
  and(eq(users.schoolId, schoolId), eq(users.isStudent, true), isNull(users.leavingAfter));

/**
 * What the rollover will do, read in `db` and checked as the run checks it (so a dry run that
 * answers 200 is a run that applies, unless something changes in between): the interval named is
 * still the active one (else 409), the next interval overlaps none (409).
 */
export async function planRollover(
  db: Db,
  options: RolloverOptions,
): Promise<YearEndRolloverResult> {
  const { schoolId, input, now } = options;
  const active = await findActiveSemester(db, schoolId);
  if ((active?.id ?? null) !== input.close_interval_id) {
    throw new AppError('conflict', ROLLOVER_MESSAGES.intervalChanged);
  }
  await refuseOverlap(db, { schoolId, dates: input.next_interval });
  const grades = await db
    .select({ grade: users.grade, students: count() })
    .from(users)
    .where(staying(schoolId))
    .groupBy(users.grade);
  const known = grades.filter((row) => row.grade !== null && isKnownGrade(row.grade));
  const lastGrade = input.last_grade ?? highestGrade(known.map((row) => row.grade ?? ''));
  const leavingGrades = lastGrade ? GRADE_ORDER.filter((g) => isLeavingGrade(g, lastGrade)) : [];
  const promotions = GRADE_ORDER.flatMap((from) => {
    const row = known.find((candidate) => candidate.grade === from);
    const to = nextGrade(from);
    if (!row || !to || leavingGrades.includes(from)) return [];
    return [{ from, to, students: row.students }];
  });
  const leavingStudents =
    leavingGrades.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            first_name: users.firstName,
            last_name: users.lastName,
            grade: sql<string>`${users.grade}`,
            homeroom: users.homeroom,
          })
          .from(users)
          .where(and(staying(schoolId), inArray(users.grade, leavingGrades)))
          .orderBy(nameSortKey(users.firstName), nameSortKey(users.lastName), asc(users.id));
  const [teamCount] = await db
    .select({ count: count() })
    .from(teams)
    .where(eq(teams.schoolId, schoolId));
  const graceMs = input.leaving === 'export_first' ? LEAVING_GRACE_DAYS * DAY_MS : 0;
  return {
    dry_run: true,
    closed_interval: active ?? null,
    opened_interval: input.next_interval,
    last_grade: lastGrade ?? null,
    promotions,
    ungraded_students: grades
      .filter((row) => !known.includes(row))
      .reduce((sum, row) => sum + row.students, 0),
    leaving: {
      choice: input.leaving,
      delete_after: new Date(now.getTime() + graceMs).toISOString(),
      students: leavingStudents,
    },
    teams: { choice: input.teams, count: teamCount?.count ?? 0 },
  };
}

/** One of the grades the rollover moves (a value typed otherwise is left as it is). */
function isKnownGrade(grade: string): boolean {
  return (GRADE_ORDER as readonly string[]).includes(grade);
}

/**
 * The rollover itself, in one transaction (decision 0069): all of it or, on any refusal or
 * failure, nothing. The school's row is locked first (decision 0042: the lock of a change of all
 * the school's points), so two runs at once take turns and the second finds the interval it
 * names no longer active: 409. One activity-log entry with the counts.
 */
export function runRollover(
  db: Db,
  actor: AuditActor,
  options: RolloverOptions,
): Promise<YearEndRolloverResult> {
  const { schoolId, input } = options;
  return db.transaction(async (tx) => {
    await lockSchoolPoints(tx, schoolId);
    const plan = await planRollover(tx, options);
    await tx
      .update(semesters)
      .set({ isActive: false })
      .where(and(eq(semesters.schoolId, schoolId), eq(semesters.isActive, true)));
    await promoteGrades(tx, schoolId, plan.promotions);
    const leavingIds = plan.leaving.students.map((student) => student.id);
    if (input.leaving === 'delete_now') {
      for (const id of leavingIds) await deleteUser(tx, id);
    } else if (leavingIds.length > 0) {
      await tx
        .update(users)
        .set({ leavingAfter: new Date(plan.leaving.delete_after) })
        .where(inArray(users.id, leavingIds));
    }
    if (input.teams === 'reset') await resetTeamNames(tx, schoolId);
    await insertSemester(tx, { schoolId, input: input.next_interval, isActive: true });
    await recomputeSchoolPoints(tx, schoolId);
    const result = { ...plan, dry_run: false };
    await recordAudit(tx, {
      ...actor,
      action: 'school.year_end_rollover',
      target: { kind: 'school', id: schoolId },
      detail: rolloverAuditDetail(result),
    });
    return result;
  });
}

/** Every promoted grade in one statement, so a student moves up exactly once (K→1, not K→1→2). */
async function promoteGrades(
  tx: Db,
  schoolId: number,
  promotions: YearEndRolloverResult['promotions'],
): Promise<void> {
  if (promotions.length === 0) return;
  const cases = sql.join(
    promotions.map(({ from, to }) => sql`when ${from} then ${to}`),
    sql` `,
  );
  await tx
    .update(users)
    .set({ grade: sql`case ${users.grade} ${cases} end` })
    .where(
      and(
        staying(schoolId),
        inArray(
          users.grade,
          promotions.map(({ from }) => from),
        ),
      ),
    );
}

/** Reset: every team of the school gets back its default name, as the coordinator's reset does. */
async function resetTeamNames(tx: Db, schoolId: number): Promise<void> {
  const schoolTeams = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.schoolId, schoolId))
    .orderBy(asc(teams.id));
  for (const { id } of schoolTeams) {
    await setSchoolTeamName(tx, { schoolId, teamId: id, name: null });
  }
}

import {
  INTERVAL_MESSAGES,
  type IntervalDates,
  intervalLabel,
  type SemesterInput,
  type SemesterRecord,
} from '@wellbank/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { violatedExclusionConstraint } from '../../db/errors.ts';
import { queryRows } from '../../db/query-rows.ts';
import { semesters } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { lockSchoolPoints } from '../points/point-locks.ts';
import { recomputeSchoolPoints } from '../points/points.service.ts';

const columns = {
  id: semesters.id,
  start_date: semesters.startDate,
  end_date: semesters.endDate,
  points_needed: semesters.pointsNeeded,
  is_active: semesters.isActive,
};

export function listSemesters(db: Db, schoolId: number): Promise<SemesterRecord[]> {
  return db
    .select(columns)
    .from(semesters)
    .where(eq(semesters.schoolId, schoolId))
    .orderBy(asc(semesters.startDate), asc(semesters.id));
}

/**
 * A new interval starts inactive; the coordinator activates it with the toggle. One that
 * overlaps another of the school is refused (409) with that interval's dates.
 */
export function createSemester(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; input: SemesterInput },
): Promise<SemesterRecord> {
  const { schoolId, input } = options;
  return db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const created = await insertSemester(tx, { schoolId, input, isActive: false });
    const target = { kind: 'semester', id: created.id } as const;
    await recordAudit(tx, { ...actor, action: 'semester.create', target });
    return created;
  });
}

/**
 * Inserts an interval, refused (409) when it overlaps another of the school; the caller holds the
 * school's lock. With `isActive` the caller has deactivated the others and recomputes points.
 */
export async function insertSemester(
  tx: Db,
  options: { schoolId: number; input: SemesterInput; isActive: boolean },
): Promise<SemesterRecord> {
  const { schoolId, input, isActive } = options;
  await refuseOverlap(tx, { schoolId, dates: input });
  const [created] = await guardOverlap(() =>
    tx
      .insert(semesters)
      .values({
        schoolId,
        startDate: input.start_date,
        endDate: input.end_date,
        pointsNeeded: input.points_needed,
        isActive,
      })
      .returning(columns),
  );
  if (!created) throw new Error('insert into semesters returned no row');
  return created;
}

/** The school's active interval, if one is. */
export async function findActiveSemester(
  db: Db,
  schoolId: number,
): Promise<SemesterRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(semesters)
    .where(and(eq(semesters.schoolId, schoolId), eq(semesters.isActive, true)));
  return row;
}

/**
 * Changes an interval's dates and points needed (decision 0031). New dates may not overlap
 * another interval, nor leave outside the interval a day someone logged inside it; points follow
 * new dates of the active interval. Answers the interval as it is now; 404 when the school has no
 * such interval (the activity log keeps what it was).
 */
export function updateSemester(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; semesterId: number; input: SemesterInput },
): Promise<SemesterRecord> {
  const { schoolId, semesterId, input } = options;
  return db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const before = await findSemester(tx, schoolId, semesterId);
    if (!before) throw notFound();
    await refuseOverlap(tx, { schoolId, dates: input, exceptId: semesterId });
    const dropped = await countLoggedDays(tx, { schoolId, within: before, outside: input });
    if (dropped > 0) throw new AppError('conflict', INTERVAL_MESSAGES.dropsLoggedDays(dropped));
    const [after] = await guardOverlap(() =>
      tx
        .update(semesters)
        .set({
          startDate: input.start_date,
          endDate: input.end_date,
          pointsNeeded: input.points_needed,
        })
        .where(eq(semesters.id, semesterId))
        .returning(columns),
    );
    if (!after) throw new Error('update of semesters returned no row');
    const datesChanged =
      before.start_date !== after.start_date || before.end_date !== after.end_date;
    if (after.is_active && datesChanged) await recomputeSchoolPoints(tx, schoolId);
    await recordAudit(tx, {
      ...actor,
      action: 'semester.update',
      target: { kind: 'semester', id: semesterId },
      detail: semesterAuditDetail(before),
    });
    return after;
  });
}

/**
 * Deletes an interval in which nobody has logged a day (decision 0031); one with logged days is
 * refused (409); 404 when the school has no such one (the activity log keeps what it was).
 */
export function deleteSemester(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; semesterId: number },
): Promise<void> {
  const { schoolId, semesterId } = options;
  return db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const semester = await findSemester(tx, schoolId, semesterId);
    if (!semester) throw notFound();
    const logged = await countLoggedDays(tx, { schoolId, within: semester });
    if (logged > 0) throw new AppError('conflict', INTERVAL_MESSAGES.hasLoggedDays(logged));
    await tx.delete(semesters).where(eq(semesters.id, semesterId));
    // Nobody logged a day in it, so everyone's points are 0 with it or without it: nothing to redo.
    await recordAudit(tx, {
      ...actor,
      action: 'semester.delete',
      target: { kind: 'semester', id: semesterId },
      detail: semesterAuditDetail(semester),
    });
  });
}

/** "12/01/2026 to 12/31/2026, 500 points": an interval as the activity log keeps it. */
function semesterAuditDetail(semester: SemesterRecord): string {
  return `${intervalLabel(semester)}, ${semester.points_needed.toLocaleString('en-US')} points`;
}

/**
 * Interval writes of one school take turns on its row, so the overlap check and the write are
 * one step; the exclusion constraint semesters_no_overlap (migration 0011) holds even so. The
 * intervals decide everyone's points, so this is the lock of a change of all the school's points
 * (decision 0042).
 */
const lockSchool = lockSchoolPoints;

async function findSemester(db: Db, schoolId: number, semesterId: number) {
  const [row] = await db
    .select(columns)
    .from(semesters)
    .where(and(eq(semesters.id, semesterId), eq(semesters.schoolId, schoolId)));
  return row;
}

export async function refuseOverlap(
  db: Db,
  options: { schoolId: number; dates: IntervalDates; exceptId?: number },
): Promise<void> {
  const { schoolId, dates, exceptId } = options;
  const [other] = await queryRows<IntervalDates>(
    db,
    sql`select start_date::text, end_date::text from semesters
    where school_id = ${schoolId} and start_date <= ${dates.end_date}::date
      and end_date >= ${dates.start_date}::date
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}
    order by start_date limit 1`,
  );
  if (other) throw new AppError('conflict', INTERVAL_MESSAGES.overlaps(other));
}

/** The constraint's refusal, had a write slipped past the check: the same 409, less precise. */
async function guardOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedExclusionConstraint(error) === 'semesters_no_overlap') {
      throw new AppError('conflict', INTERVAL_MESSAGES.overlapsAnother);
    }
    throw error;
  }
}

/**
 * Days logged by the school's people inside `within` (and, given `outside`, not inside that
 * one): a day summary exists for every day someone logged (index daily_summaries (school_id,
 * local_date)).
 */
async function countLoggedDays(
  db: Db,
  options: { schoolId: number; within: IntervalDates; outside?: IntervalDates },
): Promise<number> {
  const { schoolId, within, outside } = options;
  const [row] = await queryRows<{ days: number }>(
    db,
    sql`select count(*)::int as days from daily_summaries
    where school_id = ${schoolId}
      and local_date between ${within.start_date}::date and ${within.end_date}::date
      ${outside ? sql`and local_date not between ${outside.start_date}::date and ${outside.end_date}::date` : sql``}`,
  );
  return row?.days ?? 0;
}

export async function findSemesterSchool(db: Db, semesterId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ schoolId: semesters.schoolId })
    .from(semesters)
    .where(eq(semesters.id, semesterId));
  return row?.schoolId;
}

/**
 * Toggles an interval. Activating deactivates the school's others first (one active interval per
 * school, DESIGN.md §1.5); deactivating leaves none. The school row is locked so two toggles at
 * once take turns; users.points then follow the new active interval.
 */
export function toggleSemester(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; semesterId: number },
): Promise<SemesterRecord> {
  const { schoolId, semesterId } = options;
  return db.transaction(async (tx) => {
    await lockSchool(tx, schoolId);
    const [current] = await tx
      .select({ isActive: semesters.isActive })
      .from(semesters)
      .where(and(eq(semesters.id, semesterId), eq(semesters.schoolId, schoolId)));
    if (!current) throw new Error('semester vanished while its school was locked');
    if (!current.isActive) {
      await tx
        .update(semesters)
        .set({ isActive: false })
        .where(and(eq(semesters.schoolId, schoolId), ne(semesters.id, semesterId)));
    }
    const [toggled] = await tx
      .update(semesters)
      .set({ isActive: !current.isActive })
      .where(eq(semesters.id, semesterId))
      .returning(columns);
    if (!toggled) throw new Error('update of semesters returned no row');
    await recomputeSchoolPoints(tx, schoolId);
    await recordAudit(tx, {
      ...actor,
      action: toggled.is_active ? 'semester.activate' : 'semester.deactivate',
      target: { kind: 'semester', id: toggled.id },
    });
    return toggled;
  });
}

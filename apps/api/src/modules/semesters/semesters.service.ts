import type { SemesterInput, SemesterRecord } from '@wellbank/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, semesters } from '../../db/schema.ts';
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

/** A new interval starts inactive; the coordinator activates it with the toggle. */
export async function createSemester(
  db: Db,
  schoolId: number,
  input: SemesterInput,
): Promise<SemesterRecord> {
  const [created] = await db
    .insert(semesters)
    .values({
      schoolId,
      startDate: input.start_date,
      endDate: input.end_date,
      pointsNeeded: input.points_needed,
      isActive: false,
    })
    .returning(columns);
  if (!created) throw new Error('insert into semesters returned no row');
  return created;
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
export async function toggleSemester(
  db: Db,
  options: { schoolId: number; semesterId: number },
): Promise<SemesterRecord> {
  const { schoolId, semesterId } = options;
  await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
  const [current] = await db
    .select({ isActive: semesters.isActive })
    .from(semesters)
    .where(and(eq(semesters.id, semesterId), eq(semesters.schoolId, schoolId)));
  if (!current) throw new Error('semester vanished while its school was locked');
  if (!current.isActive) {
    await db
      .update(semesters)
      .set({ isActive: false })
      .where(and(eq(semesters.schoolId, schoolId), ne(semesters.id, semesterId)));
  }
  const [toggled] = await db
    .update(semesters)
    .set({ isActive: !current.isActive })
    .where(eq(semesters.id, semesterId))
    .returning(columns);
  if (!toggled) throw new Error('update of semesters returned no row');
  await recomputeSchoolPoints(db, schoolId);
  return toggled;
}

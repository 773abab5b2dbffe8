import { addDays, HOLIDAY_MESSAGES, isSchoolDay, localDate } from '@wellbank/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schoolHolidays } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';

/** How far ahead a day without school can be marked. */
export const HOLIDAYS_AHEAD_DAYS = 366;

/** The school's days without school from `today` on, in order. */
export async function listHolidays(
  db: Db,
  school: { schoolId: number; today: string },
): Promise<string[]> {
  const rows = await db
    .select({ date: schoolHolidays.date })
    .from(schoolHolidays)
    .where(
      and(eq(schoolHolidays.schoolId, school.schoolId), gte(schoolHolidays.date, school.today)),
    )
    .orderBy(schoolHolidays.date);
  return rows.map((row) => row.date);
}

/**
 * Marks a weekday after today as a day without school (`on`), or unmarks it, for the actor's
 * school (decision 0082). Only days after today: no kept day lies after today, so a change of
 * the calendar never changes a stored streak or point. The school's row is locked first, as the
 * points' whole-school writers lock it (decision 0042), and today is read after the lock: an
 * activity write of the day in question waits for this one and then sees the calendar as it is.
 */
export function setHoliday(
  db: Db,
  change: { by: AuditActor; date: string; on: boolean; now: () => Date },
): Promise<void> {
  const { by, date, on } = change;
  return db.transaction(async (tx) => {
    const [school] = (
      (await tx.execute(
        sql`select time_zone as "timeZone" from schools where id = ${by.schoolId} for no key update`,
      )) as unknown as { rows: { timeZone: string }[] }
    ).rows;
    if (!school) throw new AppError('not_found', 'School not found');
    const today = localDate(change.now(), school.timeZone);
    if (date <= today) throw new AppError('unprocessable', HOLIDAY_MESSAGES.notAhead);
    if (date > addDays(today, HOLIDAYS_AHEAD_DAYS)) {
      throw new AppError('unprocessable', HOLIDAY_MESSAGES.tooFarAhead);
    }
    if (!isSchoolDay(date, new Set())) {
      throw new AppError('unprocessable', HOLIDAY_MESSAGES.notAWeekday);
    }
    const key = and(eq(schoolHolidays.schoolId, by.schoolId), eq(schoolHolidays.date, date));
    const changed = on
      ? await tx
          .insert(schoolHolidays)
          .values({ schoolId: by.schoolId, date })
          .onConflictDoNothing()
          .returning({ date: schoolHolidays.date })
      : await tx.delete(schoolHolidays).where(key).returning({ date: schoolHolidays.date });
    if (changed.length > 0) {
      await recordAudit(tx, { ...by, action: on ? 'holiday.add' : 'holiday.remove', detail: date });
    }
  });
}

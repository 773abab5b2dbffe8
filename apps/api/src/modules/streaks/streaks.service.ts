import {
  addDays,
  isSchoolDay,
  type KeptStreakDay,
  previousWeek,
  type StreakState,
  type StreakView,
  stepStreak,
  streakBefore,
} from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

interface KeptRow extends KeptStreakDay {
  isComplete: boolean;
}

/**
 * A person's streak on `today` and this week's days (decision 0082), from what their writes kept:
 * the last day kept before this week's Monday, the days kept since, and the school's holidays
 * after that day through Sunday. A kept day's own figures are taken as stored; the days without
 * one are walked by the domain's rule, as the next write would walk them.
 */
export async function readStreak(
  db: Db,
  person: { userId: number; schoolId: number; today: string },
): Promise<StreakView> {
  const { userId, schoolId, today } = person;
  const monday = addDays(previousWeek(today).end, 1);
  const sunday = addDays(monday, 6);
  const days = await queryRows<KeptRow>(
    db,
    sql`(select local_date::text as date, is_complete as "isComplete",
        streak_length as "streakLength", rest_days as "restDays"
      from daily_summaries where user_id = ${userId} and local_date < ${monday}::date
      order by local_date desc limit 1)
    union all
    (select local_date::text, is_complete, streak_length, rest_days
      from daily_summaries where user_id = ${userId}
        and local_date between ${monday}::date and ${today}::date)`,
  );
  const before = days.find((day) => day.date < monday);
  const kept = new Map(days.filter((day) => day.date >= monday).map((day) => [day.date, day]));
  const holidays = await readHolidaySet(db, {
    schoolId,
    after: before?.date ?? addDays(monday, -1),
    through: sunday,
  });

  let state: StreakState = streakBefore(before, monday, holidays);
  const week: StreakView['week'] = [];
  for (let date = monday; date <= sunday; date = addDays(date, 1)) {
    const day = kept.get(date);
    if (date < today) {
      week.push({
        date,
        mark: stepStreak(state, { date, isComplete: false, ...day }, holidays).mark,
      });
      state = day ?? stepStreak(state, { date, isComplete: false }, holidays);
    } else if (date === today && day?.isComplete && isSchoolDay(date, holidays)) {
      week.push({ date, mark: 'complete' });
      state = day;
    } else {
      week.push({ date, mark: isSchoolDay(date, holidays) ? null : 'day_off' });
    }
  }
  return { streak_length: state.streakLength, rest_days: state.restDays, week };
}

/** The school's holidays after `after` through `through`. */
export async function readHolidaySet(
  db: Db,
  range: { schoolId: number; after: string; through: string },
): Promise<Set<string>> {
  const rows = await queryRows<{ date: string }>(
    db,
    sql`select date::text as date from school_holidays where school_id = ${range.schoolId}
      and date > ${range.after}::date and date <= ${range.through}::date`,
  );
  return new Set(rows.map((row) => row.date));
}

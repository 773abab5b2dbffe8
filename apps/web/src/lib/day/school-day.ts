import { useQuery } from '@tanstack/react-query';
import { schoolDate } from '@wellbank/domain';
import { serverClockOffset } from '../platform/api-client';
import { mySchoolQueryOptions } from '../platform/shell-queries';

/**
 * The school's calendar date of a moment of the device's clock, corrected by the server clock's
 * offset (DESIGN.md §1.1): a phone set to the wrong day still sees and logs the school's day. The
 * one rule of the page and of the offline outbox; a zone not known is the server's default.
 */
export function schoolDayAt(
  deviceTime: number,
  clock: { offsetMs?: number | undefined; timeZone?: string | undefined },
): string {
  return schoolDate(new Date(deviceTime + (clock.offsetMs ?? 0)), clock.timeZone);
}

/**
 * "Today" on the school's calendar, not the device's: a phone set to another zone, or a visit
 * after 17:00 in Denver read as UTC, would otherwise see tomorrow. Undefined while the school is
 * being read; if that read fails, the day of the default school zone, as the outbox dates a save.
 */
export function useSchoolToday(): string | undefined {
  const school = useQuery({ ...mySchoolQueryOptions(), select: (s) => s.time_zone });
  if (school.isPending) return undefined;
  return schoolDayAt(Date.now(), { offsetMs: serverClockOffset(), timeZone: school.data });
}

/** The school's time zone, in which pages show its days and times (DESIGN.md §1.1). */
export function useSchoolTimeZone() {
  return useQuery({ ...mySchoolQueryOptions(), select: (school) => school.time_zone });
}

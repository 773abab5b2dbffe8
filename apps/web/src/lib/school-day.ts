import { useQuery } from '@tanstack/react-query';
import { localDate } from '@wellbank/domain';
import { mySchoolQueryOptions } from './shell-queries';

/** The device's time zone: only when the school could not be read. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Today" on the school's calendar (DESIGN.md §1.1), not the device's: a phone set to another
 * zone, or a visit after 17:00 in Denver read as UTC, would otherwise see tomorrow. Undefined
 * while the school is being read; the device's date if that read fails.
 */
export function useSchoolToday(): string | undefined {
  const school = useQuery({ ...mySchoolQueryOptions(), select: (s) => s.time_zone });
  if (school.isPending) return undefined;
  return localDate(new Date(), school.data ?? deviceTimeZone());
}

import { useQuery } from '@tanstack/react-query';
import { localDate } from '@wellbank/domain';
import { serverClockOffset } from './api-client';
import { mySchoolQueryOptions } from './shell-queries';

/** The device's time zone: only when the school could not be read. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Today" on the school's calendar (DESIGN.md §1.1), not the device's: a phone set to another
 * zone, or a visit after 17:00 in Denver read as UTC, would otherwise see tomorrow. The device's
 * clock is corrected by the server's (its `Date` header), as the offline outbox dates writes, so a
 * phone set to the wrong day shows the day it saves to. Undefined
 * while the school is being read; the device's date if that read fails.
 */
export function useSchoolToday(): string | undefined {
  const school = useQuery({ ...mySchoolQueryOptions(), select: (s) => s.time_zone });
  if (school.isPending) return undefined;
  return localDate(
    new Date(Date.now() + (serverClockOffset() ?? 0)),
    school.data ?? deviceTimeZone(),
  );
}

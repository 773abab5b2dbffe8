import { schoolDayAt } from '../../day/school-day';
import { serverClockOffset } from '../api-client';
import { readValue, userKey, writeValue } from './offline-store';

const CLOCK_KEY = 'clock';

/** The last offset learned from the server's `Date` header; kept for a start without network. */
async function clockOffset(): Promise<number> {
  const live = serverClockOffset();
  if (live === undefined) return (await readValue<number>(CLOCK_KEY)) ?? 0;
  void writeValue(CLOCK_KEY, live);
  return live;
}

/** Remembers the school's time zone for days logged after a start without network. */
export function rememberTimeZone(userId: number, timeZone: string): Promise<void> {
  return writeValue(userKey('zone', userId), timeZone);
}

/**
 * The school's calendar by the server's clock (the last offset seen): the school-local date of a
 * moment of the device's clock. Works after a start without network too.
 */
export async function schoolCalendar(
  userId: number,
  knownTimeZone?: string,
): Promise<(deviceTime: number) => string> {
  const timeZone = knownTimeZone ?? (await readValue<string>(userKey('zone', userId)));
  const offsetMs = await clockOffset();
  return (deviceTime) => schoolDayAt(deviceTime, { offsetMs, timeZone });
}

/** Today at the user's school, by the server's clock (the last one seen). */
export async function schoolToday(userId: number, knownTimeZone?: string): Promise<string> {
  return (await schoolCalendar(userId, knownTimeZone))(Date.now());
}

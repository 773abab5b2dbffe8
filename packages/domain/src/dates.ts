import { isoToLocalDate } from './date-formats.ts';
import type { Language } from './i18n/languages.ts';
export const TIME_ZONES = [
  { label: 'Pacific', value: 'America/Los_Angeles' },
  { label: 'Mountain', value: 'America/Denver' },
  { label: 'Central', value: 'America/Chicago' },
  { label: 'Eastern', value: 'America/New_York' },
] as const;
export type TimeZone = (typeof TIME_ZONES)[number]['value'];
export const DEFAULT_TIME_ZONE: TimeZone = 'America/Denver';
export const TIME_ZONE_VALUES = TIME_ZONES.map((z) => z.value) as [TimeZone, ...TimeZone[]];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than formatting: one per kind and time zone. */
function cachedFormatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Per time zone, the local day last asked for: its date and the UTC milliseconds from its local
 * midnight, and whether it is steady (no clock change in it), so that all of them have that date.
 */
const knownDays = new Map<string, { date: string; start: number; end: number; steady: boolean }>();
const DAY_MS = 86_400_000;

/**
 * The calendar date (YYYY-MM-DD) at `instant` in `timeZone`: "today" for a school. Requests ask
 * it of "now", up to twice each, and ICU's formatting costs ~0.8 µs a call against ~0.05 µs for
 * an instant of the steady day last found for the zone, which is answered from it. The two days
 * a year with a clock change are asked of ICU at every call.
 */
export function localDate(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const known = knownDays.get(timeZone);
  if (known !== undefined && ms >= known.start && ms < known.end) {
    return known.steady ? known.date : formatLocalDate(ms, timeZone);
  }
  const date = formatLocalDate(ms, timeZone);
  const start = startOfLocalDay(date, timeZone).getTime();
  const end = start + DAY_MS;
  const steady =
    utcOffsetMs(start, timeZone) === utcOffsetMs(end - 1, timeZone) &&
    formatLocalDate(start, timeZone) === date;
  knownDays.set(timeZone, { date, start, end, steady });
  return date;
}

/**
 * "Today" for a school at `instant` (DESIGN.md §1.1), on the server and in the browser alike. A
 * zone not known (the browser before it has read the school, or when that read fails) is the
 * default school zone (SPEC.md §9), never the device's: a device's zone would move the day a save
 * is dated on away from the one the server answers for.
 */
export function schoolDate(instant: Date, timeZone: string | undefined): string {
  return localDate(instant, timeZone ?? DEFAULT_TIME_ZONE);
}

function formatLocalDate(instant: number, timeZone: string): string {
  const options = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  return cachedFormatter(timeZone, () => new Intl.DateTimeFormat('en-CA', options)).format(instant);
}

/**
 * The instant `isoDate` begins in `timeZone` (its local midnight). US zones change their clocks at
 * 2 a.m., so every local midnight exists exactly once.
 */
export function startOfLocalDay(isoDate: string, timeZone: string): Date {
  const wallClock = Date.parse(`${isoDate}T00:00:00Z`);
  let instant = wallClock;
  // Two passes: the offset at the first guess may differ from the offset at midnight (DST).
  for (let pass = 0; pass < 2; pass++) instant = wallClock - utcOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** Local wall-clock time minus UTC at `instant`, in milliseconds (−7 h in Denver in winter). */
function utcOffsetMs(instant: number, timeZone: string): number {
  const options = {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  } as const;
  const formatter = cachedFormatter(
    `offset ${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', options),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(instant).find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Adds whole days to an ISO date (YYYY-MM-DD), calendar-wise, independent of time zones. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round(
    (Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000,
  );
}

/** The Monday-to-Sunday week before the one containing `isoDate` (DESIGN.md §1.4). */
export function previousWeek(isoDate: string): { start: string; end: string } {
  const weekday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const thisMonday = addDays(isoDate, -weekday);
  return { start: addDays(thisMonday, -7), end: addDays(thisMonday, -1) };
}

/** "mm/dd/yyyy" typed by a coordinator → "yyyy-mm-dd", or undefined when it is not a real date. */
export function usDateToIso(typed: string): string | undefined {
  return localDateToIso(typed, 'en');
}

/** "yyyy-mm-dd" → "mm/dd/yyyy", as coordinators type and read interval dates. */
export function isoToUsDate(iso: string): string {
  return isoToLocalDate(iso, 'en');
}

/**
 * A date as people of `language` type it → "yyyy-mm-dd", or undefined when it is not a real date:
 * English "mm/dd/yyyy" (SPEC.md), Spanish "dd/mm/aaaa" (es-US's Intl order).
 */
export function localDateToIso(typed: string, language: Language = 'en'): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed.trim());
  if (!match) return undefined;
  const [, first = '', second = '', yyyy] = match;
  const [mm, dd] = language === 'es' ? [second, first] : [first, second];
  const iso = `${yyyy}-${mm.padStart(2, '0')}-${dd.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A moment in `timeZone` as spreadsheets read a date and time: "2026-11-23 15:41". */
export function spreadsheetDateTime(instant: Date, timeZone: string): string {
  const options = {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  } as const;
  const key = `spreadsheet ${timeZone}`;
  const parts = Object.fromEntries(
    cachedFormatter(key, () => new Intl.DateTimeFormat('en-CA', options))
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatSchoolDay } from './date-formats.ts';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  daysBetween,
  isIsoDate,
  isoToUsDate,
  localDate,
  previousWeek,
  schoolDate,
  startOfLocalDay,
  TIME_ZONE_VALUES,
  TIME_ZONES,
  usDateToIso,
} from './dates.ts';

const isoDate = fc
  .date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('TIME_ZONES', () => {
  it('offers zones the browser and the server both know, the default school zone among them', () => {
    for (const { value } of TIME_ZONES) {
      expect(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone).toBe(
        value,
      );
    }
    expect(TIME_ZONE_VALUES).toContain(DEFAULT_TIME_ZONE);
  });
});

describe('schoolDate', () => {
  it("is the school's date, and the default school zone's when the zone is not known", () => {
    const night = new Date('2026-11-28T06:00:00Z'); // 01:00 in New York, 23:00 in Denver
    expect(schoolDate(night, 'America/New_York')).toBe('2026-11-28');
    expect(schoolDate(night, undefined)).toBe('2026-11-27');
  });
});

describe('formatDateTime', () => {
  it("shows a moment in the school's time zone, with the zone's name", () => {
    const winter = new Date('2026-11-23T22:41:00Z');
    expect(formatDateTime(winter, 'America/Denver')).toBe('Nov 23, 2026, 3:41 PM MST');
    const summer = new Date('2026-07-04T16:05:00Z');
    expect(formatDateTime(summer, 'America/New_York')).toBe('Jul 4, 2026, 12:05 PM EDT');
  });
  it('keeps the date of each zone apart from the local calendar date formatter', () => {
    const instant = new Date('2025-01-15T06:00:00Z');
    expect(formatDateTime(instant, 'America/Denver')).toBe('Jan 14, 2025, 11:00 PM MST');
    expect(localDate(instant, 'America/Denver')).toBe('2025-01-14');
  });
});

describe('formatSchoolDay', () => {
  it("writes the school's day of a moment, the day of the moment shown beside it", () => {
    const evening = new Date('2026-11-28T00:19:00Z'); // 28 November in UTC
    const zone = 'America/New_York';
    expect(formatDateTime(evening, zone)).toBe('Nov 27, 2026, 7:19 PM EST');
    expect(formatSchoolDay(evening, zone)).toBe('Nov 27, 2026');
    expect(formatSchoolDay(evening, zone, 'es')).toBe('27 nov 2026');
  });
});

describe('localDate', () => {
  it('gives the school-local calendar date, which differs between coasts late in the evening', () => {
    const instant = new Date('2025-01-15T06:00:00Z');
    expect(localDate(instant, 'America/New_York')).toBe('2025-01-15'); // 01:00 EST
    expect(localDate(instant, 'America/Chicago')).toBe('2025-01-15'); // 00:00 CST
    expect(localDate(instant, 'America/Denver')).toBe('2025-01-14'); // 23:00 MST
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2025-01-14'); // 22:00 PST
  });
  it('starts a day at local midnight, not a second before', () => {
    expect(localDate(new Date('2025-01-15T05:59:59Z'), 'America/Chicago')).toBe('2025-01-14');
    expect(localDate(new Date('2025-01-15T06:00:00Z'), 'America/Chicago')).toBe('2025-01-15');
  });
  it('follows the summer offset after the spring DST change', () => {
    // 9 March 2025: clocks go forward. 04:30Z on the 10th is 00:30 EDT (would be 23:30 in EST).
    expect(localDate(new Date('2025-03-10T04:30:00Z'), 'America/New_York')).toBe('2025-03-10');
    // 07:30Z on the 9th is 03:30 EDT in New York, still 23:30 PST on the 8th in Los Angeles.
    expect(localDate(new Date('2025-03-09T07:30:00Z'), 'America/New_York')).toBe('2025-03-09');
    expect(localDate(new Date('2025-03-09T07:30:00Z'), 'America/Los_Angeles')).toBe('2025-03-08');
  });
  it('keeps the 25-hour day of the autumn DST change as one date', () => {
    // 2 November 2025 in Denver runs from 06:00Z (00:00 MDT) to 07:00Z next day (00:00 MST).
    expect(localDate(new Date('2025-11-02T05:59:00Z'), 'America/Denver')).toBe('2025-11-01');
    expect(localDate(new Date('2025-11-02T06:00:00Z'), 'America/Denver')).toBe('2025-11-02');
    expect(localDate(new Date('2025-11-03T06:30:00Z'), 'America/Denver')).toBe('2025-11-02');
    expect(localDate(new Date('2025-11-03T07:00:00Z'), 'America/Denver')).toBe('2025-11-03');
  });
  it('answers as ICU does, whatever order instants of nearby days come in, in any zone', () => {
    // Zones with clock changes at midnight (Santiago, Havana), of 30 minutes (Lord Howe) and none.
    const zones = [
      ...TIME_ZONES.map((z) => z.value),
      'America/Santiago',
      'America/Havana',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Europe/London',
    ];
    const icu = (instant: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(instant);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.array(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { maxLength: 30 }),
        fc.constantFrom(...zones),
        (around, offsets, zone) => {
          for (const offset of offsets) {
            const instant = new Date(around.getTime() + offset);
            expect(localDate(instant, zone)).toBe(icu(instant, zone));
          }
        },
      ),
    );
  });
  it('asks ICU once for a day, not at every call', () => {
    // `format` is a getter that hands out a bound function (typed as a method): each call reads it.
    const prototype = Intl.DateTimeFormat.prototype as unknown as { format: unknown };
    const format = vi.spyOn(prototype, 'format', 'get');
    const noon = Date.parse('2031-05-14T18:00:00Z');
    for (let second = 0; second < 1000; second++) {
      expect(localDate(new Date(noon + second * 1000), 'America/Chicago')).toBe('2031-05-14');
    }
    expect(format.mock.calls.length).toBeLessThanOrEqual(2);
    format.mockRestore();
  });
  it('always answers YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom(...TIME_ZONES.map((z) => z.value)),
        (instant, zone) => isIsoDate(localDate(instant, zone)),
      ),
    );
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['2026-11-01', 'America/Denver', '2026-11-01T06:00:00.000Z'], // MDT; clocks go back at 2:00
    ['2026-11-02', 'America/Denver', '2026-11-02T07:00:00.000Z'], // MST
    ['2026-03-08', 'America/Denver', '2026-03-08T07:00:00.000Z'], // MST; clocks go forward at 2:00
    ['2026-03-09', 'America/Denver', '2026-03-09T06:00:00.000Z'], // MDT
    ['2026-01-15', 'America/New_York', '2026-01-15T05:00:00.000Z'],
    ['2026-07-04', 'America/Los_Angeles', '2026-07-04T07:00:00.000Z'],
  ])('is the local midnight of %s in %s: %s', (day, zone, instant) => {
    expect(startOfLocalDay(day, zone).toISOString()).toBe(instant);
  });

  it('begins the day that localDate names, and the millisecond before is the day before', () => {
    fc.assert(
      fc.property(isoDate, fc.constantFrom(...TIME_ZONES.map((z) => z.value)), (day, zone) => {
        const start = startOfLocalDay(day, zone);
        expect(localDate(start, zone)).toBe(day);
        expect(localDate(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1));
      }),
    );
  });
});

describe('addDays', () => {
  it('moves across month and year ends', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
  it('knows leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });
  it('counts a DST change day as one day', () => {
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-11-02', 1)).toBe('2025-11-03');
  });
  it('adds 120 days for a new school’s first interval', () => {
    expect(addDays('2025-09-01', 120)).toBe('2025-12-30');
  });
  it('is undone by adding the same number of days back', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -1000, max: 1000 }), (d, n) => {
        return addDays(addDays(d, n), -n) === d && daysBetween(d, addDays(d, n)) === n;
      }),
    );
  });
});

describe('daysBetween', () => {
  it('counts calendar days, negative when the end is earlier', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(0);
    expect(daysBetween('2025-01-01', '2025-12-31')).toBe(364);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2025-03-10', '2025-03-01')).toBe(-9);
  });
});

describe('previousWeek', () => {
  it('gives the Monday-to-Sunday week before a Monday', () => {
    expect(previousWeek('2025-11-17')).toEqual({ start: '2025-11-10', end: '2025-11-16' });
  });
  it('gives the week before the one a Sunday ends', () => {
    expect(previousWeek('2025-11-23')).toEqual({ start: '2025-11-10', end: '2025-11-16' });
  });
  it('gives the same week for every day of a week', () => {
    expect(previousWeek('2025-11-20')).toEqual({ start: '2025-11-10', end: '2025-11-16' });
  });
  it('crosses a year end', () => {
    expect(previousWeek('2026-01-01')).toEqual({ start: '2025-12-22', end: '2025-12-28' });
  });
  it('always spans seven days from a Monday, ending before the given date', () => {
    fc.assert(
      fc.property(isoDate, (d) => {
        const { start, end } = previousWeek(d);
        const weekday = new Date(`${start}T00:00:00Z`).getUTCDay();
        const gap = daysBetween(end, d);
        return weekday === 1 && daysBetween(start, end) === 6 && gap >= 1 && gap <= 7;
      }),
    );
  });
});

describe('usDateToIso', () => {
  it('turns mm/dd/yyyy into yyyy-mm-dd', () => {
    expect(usDateToIso('03/15/2025')).toBe('2025-03-15');
    expect(usDateToIso('12/31/2025')).toBe('2025-12-31');
    expect(usDateToIso('02/29/2024')).toBe('2024-02-29');
  });
  it('accepts single-digit months and days and surrounding spaces', () => {
    expect(usDateToIso('3/5/2025')).toBe('2025-03-05');
    expect(usDateToIso(' 03/15/2025 ')).toBe('2025-03-15');
  });
  it('refuses dates that do not exist', () => {
    expect(usDateToIso('02/30/2025')).toBeUndefined();
    expect(usDateToIso('02/29/2025')).toBeUndefined();
    expect(usDateToIso('13/01/2025')).toBeUndefined();
    expect(usDateToIso('00/10/2025')).toBeUndefined();
    expect(usDateToIso('04/31/2025')).toBeUndefined();
  });
  it('refuses other formats', () => {
    expect(usDateToIso('2025-03-15')).toBeUndefined();
    expect(usDateToIso('03-15-2025')).toBeUndefined();
    expect(usDateToIso('03/15/25')).toBeUndefined();
    expect(usDateToIso('15.03.2025')).toBeUndefined();
    expect(usDateToIso('')).toBeUndefined();
  });
});

describe('isIsoDate', () => {
  it('accepts real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
  it('refuses impossible dates', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
  });
  it('refuses other shapes', () => {
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('20250101')).toBe(false);
    expect(isIsoDate('2025-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate('03/15/2025')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('isoToUsDate', () => {
  it('shows an ISO date as mm/dd/yyyy', () => {
    expect(isoToUsDate('2025-09-01')).toBe('09/01/2025');
  });
  it('is the inverse of usDateToIso', () => {
    fc.assert(fc.property(isoDate, (iso) => usDateToIso(isoToUsDate(iso)) === iso));
  });
});

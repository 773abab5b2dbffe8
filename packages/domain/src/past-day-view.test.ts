import { describe, expect, it } from 'vitest';
import { formatDayHeading, isDayEditable } from './past-day-view.ts';

describe('isDayEditable', () => {
  it('lets today and yesterday change, nothing older and nothing later', () => {
    expect(isDayEditable('2026-11-24', '2026-11-24')).toBe(true);
    expect(isDayEditable('2026-11-23', '2026-11-24')).toBe(true);
    expect(isDayEditable('2026-11-22', '2026-11-24')).toBe(false);
    expect(isDayEditable('2026-11-25', '2026-11-24')).toBe(false);
    expect(isDayEditable('2026-02-28', '2026-03-01')).toBe(true);
  });
});

describe('formatDayHeading', () => {
  it('names the calendar day, whatever the time zone of the machine', () => {
    expect(formatDayHeading('2026-11-23')).toBe('Monday, November 23');
    expect(formatDayHeading('2027-01-01')).toBe('Friday, January 1');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDayHeading } from './date-formats.ts';

describe('formatDayHeading', () => {
  it('names the calendar day, whatever the time zone of the machine', () => {
    expect(formatDayHeading('2026-11-23')).toBe('Monday, November 23');
    expect(formatDayHeading('2027-01-01')).toBe('Friday, January 1');
  });
});

describe('formatDayHeading in Spanish', () => {
  it('names the day and month in Spanish words, day before month', () => {
    expect(formatDayHeading('2026-11-23', 'es')).toBe('lunes, 23 de noviembre');
  });
});

import { describe, expect, it } from 'vitest';
import { dayPath, entryPath, readDayParam } from './day-param';

const today = '2026-11-24';

describe('readDayParam', () => {
  it('reads today and yesterday as days that can still change', () => {
    expect(readDayParam('2026-11-24', today)).toEqual({
      kind: 'day',
      date: '2026-11-24',
      isToday: true,
      editable: true,
    });
    expect(readDayParam('2026-11-23', today)).toEqual({
      kind: 'day',
      date: '2026-11-23',
      isToday: false,
      editable: true,
    });
  });

  it('shows older days read-only, across a month and a year boundary', () => {
    expect(readDayParam('2026-11-22', today)).toMatchObject({ kind: 'day', editable: false });
    expect(readDayParam('2026-11-30', '2026-12-01')).toMatchObject({ editable: true });
    expect(readDayParam('2025-12-31', '2026-01-01')).toMatchObject({ editable: true });
    expect(readDayParam('2025-12-30', '2026-01-01')).toMatchObject({ editable: false });
  });

  it('refuses a day after today', () => {
    expect(readDayParam('2026-11-25', today)).toEqual({ kind: 'future', date: '2026-11-25' });
  });

  it('refuses what is not a real calendar date', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'yesterday',
      '2026-02-30',
      '2026-13-01',
      '2026-1-05',
      '20261124',
      '2026-11-24T00:00',
      ' 2026-11-24',
    ]) {
      expect(readDayParam(bad, today), String(bad)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('entryPath', () => {
  it('leaves today out of the address and names a past day', () => {
    expect(entryPath('/activities/sleep', undefined, today)).toBe('/activities/sleep');
    expect(entryPath('/activities/sleep', today, today)).toBe('/activities/sleep');
    expect(entryPath('/stress/people', '2026-11-23', today)).toBe('/stress/people?date=2026-11-23');
    expect(dayPath('2026-11-23')).toBe('/days/2026-11-23');
  });
});

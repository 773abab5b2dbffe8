import { describe, expect, it } from 'vitest';
import { spreadsheetDateTime } from './dates.ts';
import { LIST_CSV_HEADERS, listCsvFilename, listCsvPath } from './list-csv.ts';

describe('list CSV files', () => {
  it('names the list and the school’s date', () => {
    expect(listCsvFilename('students', '2026-11-23')).toBe(
      'wellbank-student-points-2026-11-23.csv',
    );
    expect(listCsvFilename('users', '2026-11-23')).toBe(
      'wellbank-staff-and-students-2026-11-23.csv',
    );
  });

  it('asks for a points list in the page’s order, Staff & students by name', () => {
    expect(
      listCsvPath({ schoolId: 7, kind: 'staff', sort: { key: 'points', direction: 'desc' } }),
    ).toBe('/schools/7/staff.csv?sort=points&order=desc');
    expect(listCsvPath({ schoolId: 7, kind: 'users' })).toBe('/schools/7/users.csv');
  });

  it('has no stress column in any list', () => {
    for (const header of Object.values(LIST_CSV_HEADERS)) {
      expect(header.join(',').toLowerCase()).not.toContain('stress');
    }
  });
});

describe('spreadsheetDateTime', () => {
  it('writes the school’s local date and 24-hour time', () => {
    const instant = new Date('2026-11-24T00:05:00Z');
    expect(spreadsheetDateTime(instant, 'America/Denver')).toBe('2026-11-23 17:05');
    expect(spreadsheetDateTime(new Date('2026-07-01T06:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01 02:00',
    );
  });
});

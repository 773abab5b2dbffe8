import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './audit.ts';
import { highestGrade, isLeavingGrade, nextGrade } from './year-end-rollover.ts';

describe('the year-end rollover rules (decision 0069)', () => {
  it('moves every grade up one: PK→K, K→1 … 11→12, and 12th has none after it', () => {
    expect(nextGrade('PK')).toBe('K');
    expect(nextGrade('K')).toBe('1');
    expect(nextGrade('9')).toBe('10');
    expect(nextGrade('11')).toBe('12');
    expect(nextGrade('12')).toBeUndefined();
    expect(nextGrade('13')).toBeUndefined();
  });

  it("takes the school's highest grade as its last, in school order, not text order", () => {
    expect(highestGrade(['K', '5', '3'])).toBe('5');
    expect(highestGrade(['9', '10', '12', '11'])).toBe('12');
    expect(highestGrade(['PK', 'K'])).toBe('K');
    expect(highestGrade(['Room 4', ''])).toBeUndefined();
    expect(highestGrade([])).toBeUndefined();
  });

  it('lets the last grade and any above it leave', () => {
    expect(isLeavingGrade('12', '12')).toBe(true);
    expect(isLeavingGrade('11', '12')).toBe(false);
    expect(isLeavingGrade('6', '5')).toBe(true);
    expect(isLeavingGrade('K', '5')).toBe(false);
    expect(isLeavingGrade('Room 4', '5')).toBe(false);
  });

  it('reads its activity-log entry with the counts', () => {
    const entry = {
      id: 1,
      at: '2027-06-10T18:00:00Z',
      action: 'school.year_end_rollover' as const,
      actor: { id: 2, name: 'Maya Lopez' },
      target: { kind: 'school' as const, id: 3, name: null },
      detail: '120;30;0;45',
      client_address: null,
    };
    expect(describeAuditEntry(entry)).toBe(
      'Maya Lopez rolled the school year over: 120 students moved up a grade, 30 leaving (0 deleted now), 45 team names reset',
    );
  });
});

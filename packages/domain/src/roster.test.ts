import { describe, expect, it } from 'vitest';
import { describeAuditEntry, rosterAuditDetail } from './audit.ts';
import {
  classFieldsSchema,
  normalizeGrade,
  normalizeRole,
  parseRosterRow,
  ROSTER_MESSAGES,
  rosterColumns,
  rosterCountsText,
  studentCap,
} from './roster.ts';

describe('rosterColumns', () => {
  it('finds our columns whatever their case, spaces, dashes or underscores', () => {
    const columns = rosterColumns(['E-mail', 'First Name', 'last_name', 'ROLE', 'Homeroom']);
    expect(columns && Object.fromEntries(columns)).toEqual({
      0: 'email',
      1: 'first_name',
      2: 'last_name',
      3: 'role',
      4: 'homeroom',
    });
  });

  it('finds a OneRoster users.csv by its names and ignores the columns it does not use', () => {
    const header = ['sourcedId', 'role', 'givenName', 'familyName', 'email', 'grades'];
    const columns = rosterColumns(header);
    expect(columns && [...columns.values()]).toEqual([
      'role',
      'first_name',
      'last_name',
      'email',
      'grade',
    ]);
  });

  it('is undefined when a required column is missing', () => {
    expect(rosterColumns(['first name', 'last name', 'email'])).toBeUndefined();
  });
});

describe('normalizeGrade', () => {
  it('reads K, KG, PK, Pre-K and 1 to 12 with or without a leading zero', () => {
    expect(['K', 'kg', 'PK', 'Pre-K', '05', '12', '1', ''].map(normalizeGrade)).toEqual([
      'K',
      'K',
      'PK',
      'PK',
      '5',
      '12',
      '1',
      '',
    ]);
  });

  it("keeps the first of OneRoster's list and refuses anything else", () => {
    expect(normalizeGrade('09,10')).toBe('9');
    expect(normalizeGrade('13')).toBeUndefined();
    expect(normalizeGrade('0')).toBeUndefined();
    expect(normalizeGrade('fifth')).toBeUndefined();
  });
});

describe('normalizeRole', () => {
  it('makes teachers, aides, administrators and proctors staff; parents are not imported', () => {
    expect(
      ['Student', 'staff', 'teacher', 'aide', 'administrator', 'proctor'].map(normalizeRole),
    ).toEqual(['student', 'staff', 'staff', 'staff', 'staff', 'staff']);
    expect(normalizeRole('guardian')).toBe('other');
    expect(normalizeRole('janitor')).toBeUndefined();
  });
});

describe('parseRosterRow', () => {
  const row = {
    first_name: ' Ann ',
    last_name: 'Lee',
    email: 'Ann.Lee@School.Example',
    role: 'student',
    grade: 'KG',
    homeroom: '',
  };

  it('applies the sign-up rules: trimmed names, a lower-case e-mail', () => {
    expect(parseRosterRow(row)).toEqual({
      row: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann.lee@school.example',
        role: 'student',
        grade: 'K',
        homeroom: null,
      },
    });
  });

  it('gives the first reason a row is refused', () => {
    expect(parseRosterRow({ ...row, email: 'nope' })).toEqual({
      error: 'Please enter a valid email address',
    });
    expect(parseRosterRow({ ...row, role: 'janitor' })).toEqual({ error: ROSTER_MESSAGES.role });
    expect(parseRosterRow({ ...row, role: 'parent' })).toEqual({
      error: ROSTER_MESSAGES.notImportedRole,
    });
    expect(parseRosterRow({ ...row, grade: '14' })).toEqual({ error: ROSTER_MESSAGES.grade });
    expect(parseRosterRow({ ...row, homeroom: 'x'.repeat(21) })).toEqual({
      error: ROSTER_MESSAGES.homeroom,
    });
    expect(parseRosterRow({ ...row, last_name: 'x'.repeat(51) })).toEqual({
      error: 'Last name must be at most 50 characters',
    });
  });

  it("reads a student's row with no e-mail as an account to make without one (decision 0063)", () => {
    expect(parseRosterRow({ ...row, email: ' ', homeroom: '2B' })).toEqual({
      row: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: null,
        role: 'student',
        grade: 'K',
        homeroom: '2B',
      },
    });
    expect(parseRosterRow({ ...row, email: '', role: 'teacher' })).toEqual({
      error: ROSTER_MESSAGES.staffEmail,
    });
    expect(parseRosterRow({ ...row, email: '', last_name: '' })).toEqual({
      error: 'Last name is required',
    });
  });
});

describe('studentCap', () => {
  it('is the top of the tier bought, and 0 unpaid', () => {
    expect(studentCap(50)).toBe(100);
    expect(studentCap(250)).toBe(300);
    expect(studentCap(5000)).toBe(5000);
    expect(studentCap(undefined)).toBe(0);
  });
});

describe('classFieldsSchema', () => {
  it('stores an empty grade or homeroom as none', () => {
    expect(classFieldsSchema.parse({ grade: '', homeroom: ' ' })).toEqual({
      grade: null,
      homeroom: null,
    });
    expect(classFieldsSchema.safeParse({ grade: '13', homeroom: null }).success).toBe(false);
  });
});

describe('rosterCountsText', () => {
  it('says each count, singular or plural', () => {
    expect(rosterCountsText({ new: 2, created: 3, member: 1, invited: 0, error: 1 })).toBe(
      '2 new, 3 without e-mail, 1 already a member, 0 already invited, 1 with an error',
    );
  });
});

describe('the roster import in the activity log', () => {
  it('tells its counts', () => {
    const entry = {
      id: 1,
      at: '2026-11-24T00:00:00.000Z',
      action: 'roster.import' as const,
      actor: { id: 1, name: 'Maya Lopez' },
      target: null,
      detail: rosterAuditDetail({ new: 12, created: 4, member: 3, invited: 0, error: 1 }),
      client_address: null,
    };
    expect(describeAuditEntry(entry)).toBe(
      'Maya Lopez imported a roster: 12 invited, 4 made without e-mail, 3 already members, 0 already invited, 1 refused',
    );
    // An entry written before accounts without e-mail existed has four counts.
    expect(describeAuditEntry({ ...entry, detail: '12;3;0;1' })).toBe(
      'Maya Lopez imported a roster: 12 invited, 0 made without e-mail, 3 already members, 0 already invited, 1 refused',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parseSemesterForm, semesterFormSchema } from './semester-form.ts';

const form = { start_date: '09/01/2025', end_date: '01/15/2026', points_needed: '1000' };

describe('parseSemesterForm', () => {
  it('turns typed mm/dd/yyyy dates and points into the request body', () => {
    expect(parseSemesterForm(form)).toEqual({
      status: 'valid',
      body: { start_date: '2025-09-01', end_date: '2026-01-15', points_needed: 1000 },
    });
  });
  it('is incomplete, with no message, when any field is empty or blank', () => {
    for (const field of ['start_date', 'end_date', 'points_needed'] as const) {
      expect(parseSemesterForm({ ...form, [field]: '' })).toEqual({ status: 'incomplete' });
      expect(parseSemesterForm({ ...form, [field]: '   ' })).toEqual({ status: 'incomplete' });
    }
  });
  it('names each date that is not a real mm/dd/yyyy date', () => {
    expect(
      parseSemesterForm({ ...form, start_date: '2025-09-01', end_date: '02/30/2026' }),
    ).toEqual({
      status: 'invalid',
      errors: {
        start_date: 'Start date must be a date (mm/dd/yyyy)',
        end_date: 'End date must be a date (mm/dd/yyyy)',
      },
    });
  });
  it('refuses points that are not a whole number of at least 1', () => {
    expect(parseSemesterForm({ ...form, points_needed: 'lots' })).toEqual({
      status: 'invalid',
      errors: { points_needed: 'Points needed must be a whole number' },
    });
    expect(parseSemesterForm({ ...form, points_needed: '12.5' })).toEqual({
      status: 'invalid',
      errors: { points_needed: 'Points needed must be a whole number' },
    });
    expect(parseSemesterForm({ ...form, points_needed: '0' })).toEqual({
      status: 'invalid',
      errors: { points_needed: 'Points needed must be at least 1' },
    });
  });
  it('refuses an end date that is not after the start date', () => {
    expect(parseSemesterForm({ ...form, end_date: '09/01/2025' })).toEqual({
      status: 'invalid',
      errors: { end_date: 'End date must be after the start date' },
    });
  });
});

describe('semesterFormSchema', () => {
  it('gives the body, null for an incomplete form, or a message on each wrong field', () => {
    expect(semesterFormSchema.parse(form)).toEqual({
      start_date: '2025-09-01',
      end_date: '2026-01-15',
      points_needed: 1000,
    });
    expect(semesterFormSchema.parse({ ...form, end_date: ' ' })).toBeNull();
    const wrong = semesterFormSchema.safeParse({ ...form, start_date: '9/1', points_needed: 'x' });
    expect(wrong.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['start_date'], message: 'Start date must be a date (mm/dd/yyyy)' },
      { path: ['points_needed'], message: 'Points needed must be a whole number' },
    ]);
  });
});

describe('parseSemesterForm in Spanish', () => {
  it('reads dd/mm/aaaa, the order its message names', () => {
    const typed = { start_date: '05/03/2026', end_date: '30/06/2026', points_needed: '100' };
    expect(parseSemesterForm(typed, 'es')).toEqual({
      status: 'valid',
      body: { start_date: '2026-03-05', end_date: '2026-06-30', points_needed: 100 },
    });
    expect(parseSemesterForm(typed).status).toBe('invalid');
  });
});

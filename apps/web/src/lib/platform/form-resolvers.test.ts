import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { resolvers } from './form-resolvers';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const semester = resolvers.semester as unknown as Resolver<FieldValues, unknown, unknown>;
const typed = { start_date: '23/11/2026', end_date: '05/12/2026', points_needed: '100' };

describe('the interval form resolver', () => {
  it('reads dd/mm/aaaa when the form says its language is Spanish', async () => {
    const result = await semester(typed, { language: 'es' }, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      start_date: '2026-11-23',
      end_date: '2026-12-05',
      points_needed: 100,
    });
  });

  it('reads mm/dd/yyyy in English and without a language', async () => {
    for (const context of [{ language: 'en' }, undefined]) {
      const result = await semester(typed, context, options);
      expect(result.errors.start_date?.message).toBe('Start date must be a date (mm/dd/yyyy)');
      const us = { ...typed, start_date: '11/23/2026', end_date: '12/05/2026' };
      expect((await semester(us, context, options)).values).toMatchObject({
        start_date: '2026-11-23',
      });
    }
  });
});

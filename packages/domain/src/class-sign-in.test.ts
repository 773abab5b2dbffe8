import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './audit.ts';
import {
  CLASS_CODE_MAX_STUDENTS,
  classCodeCreateSchema,
  classStudentsPath,
  classStudentsQuerySchema,
} from './class-sign-in.ts';

describe('picking students for a class code', () => {
  it('takes 1 to 60 students, or a homeroom, never both', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(classCodeCreateSchema.safeParse({ user_ids: ids(1) }).success).toBe(true);
    expect(
      classCodeCreateSchema.safeParse({ user_ids: ids(CLASS_CODE_MAX_STUDENTS) }).success,
    ).toBe(true);
    expect(
      classCodeCreateSchema.safeParse({ user_ids: ids(CLASS_CODE_MAX_STUDENTS + 1) }).success,
    ).toBe(false);
    expect(classCodeCreateSchema.safeParse({ user_ids: [] }).success).toBe(false);
    expect(classCodeCreateSchema.safeParse({ homeroom: 'K-1', user_ids: [1] }).success).toBe(false);
  });

  it('searches by a trimmed name; the picker asks 50 students a page', () => {
    expect(classStudentsQuerySchema.parse({ q: '  Ana ' })).toMatchObject({ q: 'Ana', limit: 100 });
    expect(classStudentsQuerySchema.safeParse({ q: 'a\u0007' }).success).toBe(false);
    expect(classStudentsPath({ schoolId: 7 })).toBe('/schools/7/class-students?limit=50');
    expect(classStudentsPath({ schoolId: 7, q: 'Ana G', cursor: 'abc' })).toBe(
      '/schools/7/class-students?q=Ana+G&limit=50&cursor=abc',
    );
  });

  it('logs a page read in plain words', () => {
    const entry = {
      id: 1,
      at: '2026-11-23T22:41:00.000Z',
      action: 'view.class_students' as const,
      actor: { id: 7, name: 'Ann Lee' },
      target: null,
      detail: null,
      client_address: null,
    };
    expect(describeAuditEntry(entry)).toBe('Ann Lee viewed the students to pick for class sign-in');
  });
});

import { describe, expect, it } from 'vitest';
import {
  nextPageLink,
  POINTS_PAGE_MAX,
  pointsListPath,
  pointsListQuerySchema,
  schoolUsersPath,
  schoolUsersQuerySchema,
} from './pagination.ts';

describe('pointsListQuerySchema', () => {
  it('defaults to the first 100 by first name, A→Z', () => {
    expect(pointsListQuerySchema.parse({})).toEqual({
      sort: 'first_name',
      order: 'asc',
      limit: 100,
    });
  });

  it('reads the values of a query string', () => {
    expect(
      pointsListQuerySchema.parse({
        sort: 'last_activity',
        order: 'desc',
        limit: '5',
        cursor: 'a_-Z',
      }),
    ).toEqual({ sort: 'last_activity', order: 'desc', limit: 5, cursor: 'a_-Z' });
  });

  it.each([
    [{ sort: 'email' }, 'sort must be one of first_name, points, last_activity'],
    [{ order: 'up' }, 'order must be asc or desc'],
    [{ limit: 'ten' }, 'limit must be a number'],
    [{ limit: '0' }, 'limit must be at least 1'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ limit: String(POINTS_PAGE_MAX + 1) }, `limit must be at most ${POINTS_PAGE_MAX}`],
    [{ limit: ['1', '2'] }, 'limit must be a number'],
    [{ cursor: 'not base64url!' }, expect.stringMatching(/^cursor is not/)],
    [{ cursor: 'A'.repeat(1001) }, expect.stringMatching(/^cursor is not/)],
  ])('refuses %j with a message that names the parameter', (query, message) => {
    const result = pointsListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toEqual(message);
  });
});

describe('nextPageLink', () => {
  it('finds the next link among others, quoted or not', () => {
    expect(nextPageLink('</a?cursor=1>; rel="next"')).toBe('/a?cursor=1');
    expect(nextPageLink('</first>; rel="first", </b?x=2>; rel=next')).toBe('/b?x=2');
    expect(nextPageLink('<https://x.test/c>; title="p, q"; rel="prev next"')).toBe(
      'https://x.test/c',
    );
  });

  it('is undefined without a next link', () => {
    expect(nextPageLink(null)).toBeUndefined();
    expect(nextPageLink('')).toBeUndefined();
    expect(nextPageLink('</a>; rel="prev"')).toBeUndefined();
    expect(nextPageLink('</a>; rel="nextpage"')).toBeUndefined();
  });
});

describe('pointsListPath', () => {
  it('writes every parameter of a first page, and the cursor of a next one', () => {
    const sort = { key: 'points', direction: 'desc' } as const;
    expect(pointsListPath({ schoolId: 7, kind: 'students', sort })).toBe(
      '/schools/7/students?sort=points&order=desc&limit=100',
    );
    expect(pointsListPath({ schoolId: 7, kind: 'staff', sort, limit: 2, cursor: 'a-_b' })).toBe(
      '/schools/7/staff?sort=points&order=desc&limit=2&cursor=a-_b',
    );
  });
});

describe('the Staff & students list', () => {
  it('takes a page and a cursor, no order', () => {
    expect(schoolUsersQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(schoolUsersQuerySchema.parse({ limit: '3', cursor: 'x' })).toEqual({
      limit: 3,
      cursor: 'x',
    });
    expect(schoolUsersQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe(
      `limit must be at most ${POINTS_PAGE_MAX}`,
    );
  });

  it('writes the limit of a first page, and the cursor of a next one', () => {
    expect(schoolUsersPath({ schoolId: 7 })).toBe('/schools/7/users?limit=100');
    expect(schoolUsersPath({ schoolId: 7, limit: 2, cursor: 'a-_b' })).toBe(
      '/schools/7/users?limit=2&cursor=a-_b',
    );
  });
});

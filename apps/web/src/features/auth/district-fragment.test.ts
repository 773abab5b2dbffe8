import { describe, expect, it } from 'vitest';
import { readDistrictFragment } from './district-fragment';

const read = (hash: string, search = '') => readDistrictFragment({ hash, search });

describe('readDistrictFragment', () => {
  it('reads the ticket and the page the sign-in started from', () => {
    expect(read('#ticket=abc_DEF-123', '?next=%2Fprogress%3Fweek%3D1')).toEqual({
      kind: 'ticket',
      ticket: 'abc_DEF-123',
      next: '/progress?week=1',
    });
  });

  it('returns home when the return path is missing or not one of ours', () => {
    expect(read('#ticket=t1')).toMatchObject({ next: '/dashboard' });
    expect(read('#ticket=t1', '?next=%2F%2Fevil.example')).toMatchObject({ next: '/dashboard' });
    expect(read('#ticket=t1', '?next=https%3A%2F%2Fevil.example')).toMatchObject({
      next: '/dashboard',
    });
  });

  it('reads a known error code, and an unknown one as "failed"', () => {
    expect(read('#error=not_allowed')).toEqual({
      kind: 'error',
      error: 'not_allowed',
    });
    expect(read('#error=server_exploded')).toEqual({
      kind: 'error',
      error: 'failed',
    });
    expect(read('#error=')).toEqual({ kind: 'error', error: 'failed' });
  });

  it('finds nothing in an empty fragment or an empty ticket', () => {
    expect(read('')).toEqual({ kind: 'none' });
    expect(read('#ticket=')).toEqual({ kind: 'none' });
  });
});

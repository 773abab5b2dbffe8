import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionRanks, DEFAULT_PEOPLE_SORT, medalFor, nextPeopleSort } from './lists.ts';

describe('competitionRanks', () => {
  it('numbers distinct points 1, 2, 3', () => {
    expect(competitionRanks([30, 20, 10])).toEqual([1, 2, 3]);
  });
  it('gives ties one rank and skips the places they take', () => {
    expect(competitionRanks([50, 40, 40, 10])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([7, 7, 7])).toEqual([1, 1, 1]);
    expect(competitionRanks([0, 0, -5])).toEqual([1, 1, 3]);
  });
  it('is empty for no entries', () => {
    expect(competitionRanks([])).toEqual([]);
  });
  it('is 1 + the number of entries with more points, for any ordered list', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -500, max: 500 })), (points) => {
        const ordered = [...points].sort((a, b) => b - a);
        const ranks = competitionRanks(ordered);
        ordered.forEach((p, i) => {
          expect(ranks[i]).toBe(1 + ordered.filter((q) => q > p).length);
        });
      }),
    );
  });
});

describe('medalFor', () => {
  it('gives gold, silver and bronze to ranks 1 to 3 and nothing after', () => {
    expect([1, 2, 3, 4, 0].map((rank) => medalFor(rank, 10))).toEqual([
      'gold',
      'silver',
      'bronze',
      undefined,
      undefined,
    ]);
  });

  it('gives no medal without points, whatever the rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ max: 0 }), (rank, points) => {
        expect(medalFor(rank, points)).toBeUndefined();
      }),
    );
  });
});

describe('nextPeopleSort', () => {
  it('starts with first name ascending', () => {
    expect(DEFAULT_PEOPLE_SORT).toEqual({ key: 'first_name', direction: 'asc' });
  });
  it('toggles the direction when the same header is clicked again', () => {
    const once = nextPeopleSort(DEFAULT_PEOPLE_SORT, 'first_name');
    expect(once).toEqual({ key: 'first_name', direction: 'desc' });
    expect(nextPeopleSort(once, 'first_name')).toEqual({ key: 'first_name', direction: 'asc' });
    expect(nextPeopleSort({ key: 'points', direction: 'desc' }, 'points')).toEqual({
      key: 'points',
      direction: 'asc',
    });
  });
  it('starts points and last activity with the highest and most recent first', () => {
    expect(nextPeopleSort(DEFAULT_PEOPLE_SORT, 'points')).toEqual({
      key: 'points',
      direction: 'desc',
    });
    expect(nextPeopleSort({ key: 'points', direction: 'asc' }, 'last_activity')).toEqual({
      key: 'last_activity',
      direction: 'desc',
    });
    expect(nextPeopleSort({ key: 'points', direction: 'desc' }, 'first_name')).toEqual({
      key: 'first_name',
      direction: 'asc',
    });
  });
});

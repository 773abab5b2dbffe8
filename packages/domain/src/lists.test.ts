import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  competitionRanks,
  DEFAULT_PEOPLE_SORT,
  medalForRank,
  nextPeopleSort,
  type SortablePerson,
  sortPeople,
} from './lists.ts';

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

describe('medalForRank', () => {
  it('gives gold, silver and bronze to ranks 1 to 3 and nothing after', () => {
    expect([1, 2, 3, 4, 0].map(medalForRank)).toEqual([
      'gold',
      'silver',
      'bronze',
      undefined,
      undefined,
    ]);
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
    expect(nextPeopleSort({ key: 'points', direction: 'asc' }, 'last_activity_logged_at')).toEqual({
      key: 'last_activity_logged_at',
      direction: 'desc',
    });
    expect(nextPeopleSort({ key: 'points', direction: 'desc' }, 'first_name')).toEqual({
      key: 'first_name',
      direction: 'asc',
    });
  });
});

const person = (
  id: number,
  first_name: string,
  points = 0,
  last_activity_logged_at: string | null = null,
  last_name = 'Lee',
): SortablePerson => ({ id, first_name, last_name, points, last_activity_logged_at });

const ids = (people: SortablePerson[]) => people.map((p) => p.id);

describe('sortPeople', () => {
  const people = [
    person(1, 'zoe', 10, '2026-03-02T15:00:00.000Z'),
    person(2, 'Adam', 30, null),
    person(3, 'ben', 20, '2026-03-04T08:00:00.000Z'),
    person(4, 'Ben', 20, '2026-03-01T08:00:00.000Z', 'Abbott'),
  ];

  it('sorts by first name ignoring case, then last name', () => {
    expect(ids(sortPeople(people, DEFAULT_PEOPLE_SORT))).toEqual([2, 4, 3, 1]);
    expect(ids(sortPeople(people, { key: 'first_name', direction: 'desc' }))).toEqual([1, 3, 4, 2]);
  });
  it('sorts by points with ties in name order', () => {
    expect(ids(sortPeople(people, { key: 'points', direction: 'desc' }))).toEqual([2, 4, 3, 1]);
    expect(ids(sortPeople(people, { key: 'points', direction: 'asc' }))).toEqual([1, 4, 3, 2]);
  });
  it('sorts by last activity and keeps people who never logged at the bottom both ways', () => {
    const recentFirst = sortPeople(people, { key: 'last_activity_logged_at', direction: 'desc' });
    expect(ids(recentFirst)).toEqual([3, 1, 4, 2]);
    const oldestFirst = sortPeople(people, { key: 'last_activity_logged_at', direction: 'asc' });
    expect(ids(oldestFirst)).toEqual([4, 1, 3, 2]);
  });
  it('returns a copy and leaves the list it was given alone', () => {
    const before = ids(people);
    sortPeople(people, { key: 'points', direction: 'asc' });
    expect(ids(people)).toEqual(before);
  });
  it('orders numbers inside names naturally', () => {
    const numbered = [person(1, 'Student 10'), person(2, 'Student 9')];
    expect(ids(sortPeople(numbered, DEFAULT_PEOPLE_SORT))).toEqual([2, 1]);
  });
});

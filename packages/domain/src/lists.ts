/**
 * Rules of the ranked and sortable lists (SPEC.md §9 Lists, DESIGN.md §1.5), shared by the
 * server and the browser.
 */

/**
 * Competition ranks ("1224") for points already ordered from highest to lowest: an entry's rank
 * is 1 + the number of entries with more points, so ties share a rank.
 */
export function competitionRanks(pointsDescending: readonly number[]): number[] {
  const ranks: number[] = [];
  pointsDescending.forEach((points, index) => {
    const previous = index > 0 ? pointsDescending[index - 1] : undefined;
    ranks.push(previous === points ? (ranks[index - 1] ?? 1) : index + 1);
  });
  return ranks;
}

export const MEDALS = ['gold', 'silver', 'bronze'] as const;
export type Medal = (typeof MEDALS)[number];

/** The top three ranks get a medal (SPEC.md §9); a shared rank shares the medal. */
export function medalForRank(rank: number): Medal | undefined {
  return rank >= 1 && rank <= 3 ? MEDALS[rank - 1] : undefined;
}

export const PEOPLE_SORT_KEYS = ['first_name', 'points', 'last_activity_logged_at'] as const;
export type PeopleSortKey = (typeof PEOPLE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface PeopleSort {
  key: PeopleSortKey;
  direction: SortDirection;
}

/** Staff and student lists start by first name ascending (SPEC.md §9). */
export const DEFAULT_PEOPLE_SORT: PeopleSort = { key: 'first_name', direction: 'asc' };

/**
 * A header click: the same column toggles its direction; another column starts with names A→Z,
 * and with the most points and the most recent activity first, which is what a teacher looks for.
 */
export function nextPeopleSort(current: PeopleSort, key: PeopleSortKey): PeopleSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: key === 'first_name' ? 'asc' : 'desc' };
}

export interface SortablePerson {
  id: number;
  first_name: string;
  last_name: string;
  points: number;
  last_activity_logged_at: string | null;
}

const names = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function byName(a: SortablePerson, b: SortablePerson): number {
  return (
    names.compare(a.first_name, b.first_name) ||
    names.compare(a.last_name, b.last_name) ||
    a.id - b.id
  );
}

function activityTime(person: SortablePerson): number | null {
  if (!person.last_activity_logged_at) return null;
  const time = Date.parse(person.last_activity_logged_at);
  return Number.isNaN(time) ? null : time;
}

/**
 * A sorted copy. Equal values fall back to the name (A→Z), and people who never logged anything
 * stay at the bottom whichever way last activity is sorted.
 */
export function sortPeople<T extends SortablePerson>(people: readonly T[], sort: PeopleSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = (a: T, b: T): number => {
    if (sort.key === 'first_name') return sign * byName(a, b);
    if (sort.key === 'points') return sign * (a.points - b.points) || byName(a, b);
    const [ta, tb] = [activityTime(a), activityTime(b)];
    if (ta === null || tb === null)
      return (ta === null ? 1 : 0) - (tb === null ? 1 : 0) || byName(a, b);
    return sign * (ta - tb) || byName(a, b);
  };
  return [...people].sort(compare);
}

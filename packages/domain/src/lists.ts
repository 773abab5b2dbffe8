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

/**
 * The top three ranks get a medal (SPEC.md §9); a shared rank shares the medal. A medal is earned:
 * with no points there is none, or every team of a new interval would be "2nd Silver" at 0
 * (issue 35 §2).
 */
export function medalFor(rank: number, points: number): Medal | undefined {
  return points > 0 && rank >= 1 && rank <= 3 ? MEDALS[rank - 1] : undefined;
}

/** The `sort` values of the staff and student lists (SPEC.md §9); the server orders the rows. */
export const PEOPLE_SORT_KEYS = ['first_name', 'points', 'last_activity'] as const;
export type PeopleSortKey = (typeof PEOPLE_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
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

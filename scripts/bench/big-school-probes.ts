import { DEFAULT_PEOPLE_SORT, type PeopleSort, pointsListPath } from '@wellbank/domain';
import { nextPageOf, type ProbeFigures, probe } from './probes.ts';
import type { BigSchool } from './seed-data-set.ts';

/**
 * Issue 4's reads of the big school, each on its own, with its target (server time p50): the
 * leaderboard, a team's board, pages of the student list (as the coordinator), the weekly
 * snapshot, and the school insights (issue 16).
 */
export async function probeBigSchool(
  origin: string,
  school: BigSchool,
  count: number,
): Promise<{ figures: ProbeFigures; targetP50Ms: number }[]> {
  const student = (i: number) => school.studentTokens[i % school.studentTokens.length] ?? '';
  const team = (i: number) => school.teamIds[i % school.teamIds.length] ?? 0;
  // The student list as the web app reads it: its first page, the next one, and a header click.
  const students = (sort: PeopleSort) =>
    `/api/v1${pointsListPath({ schoolId: school.id, kind: 'students', sort })}`;
  const firstPage = students(DEFAULT_PEOPLE_SORT);
  const studentPages: [string, string][] = [
    ['first page', firstPage],
    ['next page', await nextPageOf(origin, firstPage, school.staffToken)],
    ['by points', students({ key: 'points', direction: 'desc' })],
    ['by last activity', students({ key: 'last_activity', direction: 'desc' })],
  ];
  const calls = [
    { name: 'GET /teams/me', targetP50Ms: 5, path: () => '/api/v1/teams/me' },
    {
      name: 'GET /teams/{id}/users',
      targetP50Ms: 5,
      path: (i: number) => `/api/v1/teams/${team(i)}/users`,
    },
    ...studentPages.map(([page, path]) => ({
      name: `GET /schools/{id}/students, ${page}`,
      targetP50Ms: 5,
      path: () => path,
      staff: true,
    })),
    { name: 'GET /snapshots/weekly', targetP50Ms: 10, path: () => '/api/v1/snapshots/weekly' },
    {
      // Issue 16 §4: aggregates of 5,000 students' last 30 days (decision 0032).
      name: 'GET /schools/{id}/insights',
      targetP50Ms: 100,
      path: () => `/api/v1/schools/${school.id}/insights`,
      staff: true,
    },
  ];
  const results = [];
  for (const call of calls) {
    const next = (i: number) => ({
      path: call.path(i),
      token: 'staff' in call ? school.staffToken : student(i),
    });
    const figures = await probe({ name: call.name, origin, count, next });
    results.push({ figures, targetP50Ms: call.targetP50Ms });
  }
  return results;
}

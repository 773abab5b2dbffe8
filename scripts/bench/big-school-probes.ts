import { type ProbeFigures, probe } from './probes.ts';
import type { BigSchool } from './seed-data-set.ts';

/**
 * Issue 4's reads of the big school, each on its own, with its target (server time p50): the
 * leaderboard, a team's board, the student list (as the coordinator), the weekly snapshot.
 */
export async function probeBigSchool(
  origin: string,
  school: BigSchool,
  count: number,
): Promise<{ figures: ProbeFigures; targetP50Ms: number }[]> {
  const student = (i: number) => school.studentTokens[i % school.studentTokens.length] ?? '';
  const team = (i: number) => school.teamIds[i % school.teamIds.length] ?? 0;
  const calls = [
    { name: 'GET /teams/me', targetP50Ms: 5, path: () => '/api/v1/teams/me' },
    {
      name: 'GET /teams/{id}/users',
      targetP50Ms: 5,
      path: (i: number) => `/api/v1/teams/${team(i)}/users`,
    },
    {
      name: 'GET /schools/{id}/students',
      targetP50Ms: 5,
      path: () => `/api/v1/schools/${school.id}/students`,
      staff: true,
    },
    { name: 'GET /snapshots/weekly', targetP50Ms: 10, path: () => '/api/v1/snapshots/weekly' },
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

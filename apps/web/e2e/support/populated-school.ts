import type { APIRequestContext } from '@playwright/test';
import {
  type CreatedSchool,
  createSchool,
  donate,
  joinSchoolAsStudent,
  joinTeamAsCommunityMember,
  paySubscription,
} from './accounts.ts';
import { logActivity, logWater, switchRole } from './school-life.ts';

/**
 * A paid school with something on every page: two students (one switched to staff), a family
 * member on the coordinator's team, and a few activities logged today, so lists, leaderboards and
 * the dashboard show real rows when they are checked and photographed.
 */
export async function createPopulatedSchool(request: APIRequestContext): Promise<CreatedSchool> {
  const school = await createSchool(request);
  const { coordinator } = school;
  await paySubscription(request, coordinator);
  const student = await joinSchoolAsStudent(request, coordinator.school.id, 'Nora');
  const teacher = await joinSchoolAsStudent(request, coordinator.school.id, 'Omar');
  await switchRole(request, coordinator, teacher.id, 'staff');
  const family = await joinTeamAsCommunityMember(request, coordinator.team_id ?? 0, 'Fran');
  await donate(request, family);

  await logWater(request, student, 4);
  await logWater(request, teacher, 2);
  await logWater(request, family, 1);
  await logWater(request, coordinator, 3);
  await logActivity(request, coordinator, { type: 'sleep', values: { minutes: 480 } });
  await logActivity(request, coordinator, { type: 'food', values: { green: 4, yellow: 1 } });
  await logActivity(request, coordinator, {
    type: 'stress',
    values: { people: 2, money: 1, personal: 3 },
  });
  return school;
}

import { joinSchool, schoolCodeOf, signUpSchool } from '../../test/fixtures.ts';
import { joinTeam, setRoles } from '../../test/school-fixture.ts';
import type { TestApp } from '../../test/test-app.ts';

/** A paid school with its coordinator, a staff member, a student and family on the student's team. */
export async function schoolOfFour(t: TestApp) {
  const admin = await signUpSchool(t.app);
  const schoolId = admin.school.id;
  const staff = await joinSchool(t.app, schoolId);
  await setRoles(t, staff.id, ['staff']);
  const student = await joinSchool(t.app, schoolId);
  const family = await joinTeam(t, student.team_id);
  return { admin, staff, student, family, schoolId, code: schoolCodeOf(schoolId) };
}

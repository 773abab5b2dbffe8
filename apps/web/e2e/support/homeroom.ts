import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Account,
  type CreatedSchool,
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
} from './accounts.ts';
import { expect } from './test.ts';

declare global {
  interface Window {
    printed: number;
  }
}

/** A paid school whose two students (Ana and Sam Rivera) are in `room`: badges, family letters. */
export async function schoolWithHomeroom(
  request: APIRequestContext,
  room: string,
): Promise<{ school: CreatedSchool; ana: Account; sam: Account }> {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const ana = await joinSchoolAsStudent(request, schoolId, 'Ana');
  const sam = await joinSchoolAsStudent(request, schoolId, 'Sam');
  for (const student of [ana, sam]) {
    const response = await request.patch(`/api/v1/schools/${schoolId}/users/${student.id}`, {
      headers: { authorization: `Bearer ${school.coordinator.token}` },
      data: { grade: '1', homeroom: room },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return { school, ana, sam };
}

/** `window.print` counted, not opened: headless Chromium has no print dialog to close. */
export async function countPrints(page: Page) {
  await page.addInitScript(() => {
    window.printed = 0;
    window.print = () => {
      window.printed += 1;
    };
  });
}

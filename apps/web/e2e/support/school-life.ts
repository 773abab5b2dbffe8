import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ActivityType, SessionRecord, SwitchableRole } from '@wellbank/domain';
import { bearer } from './accounts.ts';

/** API helpers for the school-life pages (team, progress, coordinator and staff pages). */

export async function switchRole(
  request: APIRequestContext,
  coordinator: SessionRecord,
  userId: number,
  role: SwitchableRole,
): Promise<void> {
  const response = await request.put(
    `/api/v1/schools/${coordinator.school.id}/users/${userId}/roles/${role}`,
    { headers: bearer(coordinator) },
  );
  expect(response.ok(), await response.text()).toBe(true);
}

/** Today's water: each cup earns $0.50, so `cups` cups make a day of cups × 5 points. */
export async function logWater(
  request: APIRequestContext,
  user: SessionRecord,
  cups: number,
): Promise<void> {
  await logActivity(request, user, { type: 'water', values: { cups } });
}

/**
 * Saves one activity's values, as its entry page does (`stress` for the ratings): today's, or
 * those of `date`, a past day still open to changes.
 */
export async function logActivity(
  request: APIRequestContext,
  user: SessionRecord,
  activity: { type: ActivityType; values: Record<string, number>; date?: string },
): Promise<void> {
  const properties = Object.entries(activity.values).map(([key, value]) => ({
    property_key: key,
    property_value: value,
  }));
  const response = await request.put(`/api/v1/activities/${activity.type}`, {
    headers: bearer(user),
    data: {
      activity: { activity_type: activity.type, properties },
      ...(activity.date && { date: activity.date }),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Serves the staff, student and Staff & students lists in pages of `size` rows: the app asks for
 * 100, which a test school never fills. Only the limit changes; the server still sorts, counts and
 * links the pages.
 */
export async function listPagesOf(page: Page, size: number): Promise<void> {
  await page.route(/\/api\/v1\/schools\/\d+\/(students|staff|users)\?/, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', String(size));
    return route.continue({ url: url.toString() });
  });
}

import { ACTIVITY_TYPES, type ActivityType } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { dailySummaries, users } from '../db/schema.ts';
import { bearer } from './fixtures.ts';
import { FULL_DAY, type Properties } from './full-day.ts';
import type { TestApp } from './test-app.ts';

export function asProperties(values: Properties) {
  return Object.entries(values).map(([property_key, property_value]) => ({
    property_key,
    property_value,
  }));
}

/** The calls of the activity entry pages, as one signed-in user makes them. */
export function activityCalls(t: TestApp, token: string) {
  const put = (type: string, values: Properties, body: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/activities/${type}`,
      headers: bearer(token),
      payload: { activity: { activity_type: type, properties: asProperties(values) }, ...body },
    });
  const putOk = async (type: string, values: Properties, body: Record<string, unknown> = {}) => {
    const response = await put(type, values, body);
    if (response.statusCode !== 200) throw new Error(`PUT ${type} failed: ${response.body}`);
    return response.json();
  };
  return {
    put,
    putOk,
    /** Logs all 8 types of FULL_DAY, on `date` when given. */
    async logFullDay(date?: string) {
      for (const type of ACTIVITY_TYPES) await putOk(type, FULL_DAY[type], date ? { date } : {});
    },
    /** GET of a day's list (`?date=` when given), status and body. */
    get: (path: '/activities' | '/piggy-banks', date?: string) =>
      t.app.inject({
        url: `/api/v1${path}${date === undefined ? '' : `?date=${encodeURIComponent(date)}`}`,
        headers: bearer(token),
      }),
  };
}

export async function daySummaryRows(t: TestApp, userId: number) {
  return t.db
    .select()
    .from(dailySummaries)
    .where(eq(dailySummaries.userId, userId))
    .orderBy(dailySummaries.localDate);
}

export async function userRowOf(t: TestApp, userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

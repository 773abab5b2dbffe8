import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Activity, type ActivityType, type PiggyBank, PROPERTY_KEYS } from '@wellbank/domain';
import { api } from './api-client';
import type { PropertyValues } from './day-activities';
import { getSession } from './session';
import { userQueryOptions } from './shell-queries';

export type { PropertyValues } from './day-activities';

/**
 * The PUT body: every key of the type (0 when untouched). No total: the server computes it from
 * the properties and ignores one sent (DESIGN.md §1.2).
 */
export function activityBody(type: ActivityType, values: PropertyValues) {
  const properties = PROPERTY_KEYS[type].map((key) => ({
    property_key: key,
    property_value: values[key] ?? 0,
  }));
  if (type === 'stress') return { activity: { properties } };
  return { activity: { activity_type: type, properties } };
}

/**
 * GET /piggy-banks: the fitness page reads it; a save of the day refreshes it. With a date
 * (issue #14 past days), the piggy banks usable on that day.
 */
export const piggyBanksQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: date ? ['piggy-banks', date] : ['piggy-banks'],
    queryFn: ({ signal }) =>
      api.get<PiggyBank[]>(date ? `/piggy-banks?date=${date}` : '/piggy-banks', {
        auth: true,
        signal,
      }),
    select: (body) => (Array.isArray(body) ? body : []),
  });

/** PUT /activities/{type}; with a date, that day's activity (today or yesterday, school-local). */
export function saveActivity(input: { type: ActivityType; values: PropertyValues; date?: string }) {
  const body = activityBody(input.type, input.values);
  return api.put<Activity>(
    `/activities/${input.type}`,
    input.date ? { ...body, date: input.date } : body,
    { auth: true },
  );
}

/**
 * PUT /activities/{type}. Saves of one type run one after another (mutation scope), so a slower
 * earlier save never lands after a later one. Success refreshes the days (a past day's edit
 * changes the streak points of the days after it), the chart, the points and the piggy banks.
 */
export function useSaveActivity(type: ActivityType, date?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyValues) => saveActivity({ type, values, date }),
    scope: { id: `activity-${type}` },
    onSuccess: async () => {
      const userId = getSession()?.id;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: piggyBanksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['snapshots'] }),
        userId && queryClient.invalidateQueries({ queryKey: userQueryOptions(userId).queryKey }),
      ]);
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import {
  isThisDeviceSubscribed,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@/lib/platform/push-subscription';

export function remindersQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['users', userId, 'reminders'],
    queryFn: () => api.get<ReminderSettingsRecord>(`/users/${userId}/reminders`, { auth: true }),
  });
}

export function useReminders(userId: number) {
  return useQuery(remindersQueryOptions(userId));
}

/**
 * Saves the settings. Push on asks this browser for permission and subscribes it first (the
 * save waits for the subscription, so "on" always means a device to send to); push off
 * unsubscribes this device.
 */
export function useSaveReminders(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings) => {
      if (settings.enabled && settings.push) await subscribeThisDevice(userId);
      else if (await isThisDeviceSubscribed()) await unsubscribeThisDevice(userId);
      return api.put<ReminderSettingsRecord>(`/users/${userId}/reminders`, settings, {
        auth: true,
      });
    },
    onSuccess: (record) => {
      queryClient.setQueryData(remindersQueryOptions(userId).queryKey, record);
    },
  });
}

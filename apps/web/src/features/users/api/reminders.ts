import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import {
  isThisDeviceSubscribed,
  PushRefused,
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

/** What a save stored, and why push stayed off when this browser refused it. */
export interface SavedReminders {
  record: ReminderSettingsRecord;
  pushRefused?: string;
}

/**
 * Saves the settings. Push on asks this browser for permission and subscribes it first (the
 * save waits for the subscription, so "on" always means a device to send to); push off
 * unsubscribes this device. A browser that blocks or lacks push does not stop the rest of the
 * form: the settings are saved with push off and the answer says why (issue 35 §5) — unless push
 * was the only way chosen, which the form then refuses with that reason.
 */
export function useSaveReminders(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings): Promise<SavedReminders> => {
      let pushRefused: string | undefined;
      if (settings.enabled && settings.push) {
        try {
          await subscribeThisDevice(userId);
        } catch (error) {
          if (!(error instanceof PushRefused) || !settings.email) throw error;
          pushRefused = error.message;
        }
      } else if (await isThisDeviceSubscribed()) await unsubscribeThisDevice(userId);
      const stored = pushRefused ? { ...settings, push: false } : settings;
      const record = await api.put<ReminderSettingsRecord>(`/users/${userId}/reminders`, stored, {
        auth: true,
      });
      return { record, pushRefused };
    },
    onSuccess: ({ record }) => {
      queryClient.setQueryData(remindersQueryOptions(userId).queryKey, record);
    },
  });
}

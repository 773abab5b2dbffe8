import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/platform/api-client';

/** "I'd like to talk to someone": the school's counsellors get the child's name (decision 0073). */
export function useAskForTalk() {
  return useMutation({
    mutationFn: () => api.post<{ asked_at: string }>('/talk-requests', undefined, { auth: true }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/platform/api-client';

/** POST /email-links: follows a mailed confirmation or undo link by its token (decision 0044). */
export function useFollowEmailLink() {
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/email-links', { token }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/platform/api-client';

export function requestPasswordReset(input: { email: string }): Promise<unknown> {
  return api.post('/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

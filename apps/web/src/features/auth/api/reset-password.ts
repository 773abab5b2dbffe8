import { useMutation } from '@tanstack/react-query';
import type { SessionRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { sessionFrom, setSession } from '@/lib/platform/session';

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export async function resetPassword(input: ResetPasswordInput): Promise<SessionRecord> {
  const body = await api.post<SessionRecord | { user: SessionRecord }>('/reset-password', input, {
    keepSessionOn401: true,
  });
  return sessionFrom(body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, onSuccess: setSession });
}

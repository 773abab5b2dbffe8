import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChildDay,
  type ChildOverview,
  type FamilySummarySetting,
  type GuardianDeletionRequest,
  type LinkedChild,
  type SessionRecord,
  STRESS_NOTICE_VERSION,
} from '@wellbank/domain';
import type { UserBody } from '@/components/forms/user-form';
import { api } from '@/lib/platform/api-client';
import { sessionFrom, setSession } from '@/lib/platform/session';

const childrenQueryOptions = queryOptions({
  queryKey: ['family', 'children'],
  queryFn: ({ signal }) => api.get<LinkedChild[]>('/family/children', { auth: true, signal }),
});

/** GET /family/children: the signed-in guardian's children (decision 0075). */
export function useLinkedChildren() {
  return useQuery(childrenQueryOptions);
}

/** POST /family/links: a signed-in guardian links the child of a family code. */
export function useLinkChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<LinkedChild>('/family/links', { code }, { auth: true }),
    onSettled: () => queryClient.invalidateQueries(childrenQueryOptions),
  });
}

/** DELETE /family/children/{id}: the guardian removes their own link. */
export function useUnlinkChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childId: number) =>
      api.delete<null>(`/family/children/${childId}`, { auth: true }),
    onSettled: () => queryClient.invalidateQueries(childrenQueryOptions),
  });
}

/** POST /family/sign-up: a family account, linked to the code's child, signed in. */
export function useFamilySignUp() {
  return useMutation({
    mutationFn: async (input: { code: string; user: UserBody }) =>
      sessionFrom(await api.post<SessionRecord>('/family/sign-up', input)),
    onSuccess: setSession,
  });
}

/** PUT /family/children/{id}/stress-opt-out: the family's choice about the stress questions. */
export function useSetChildStressOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { childId: number; optedOut: boolean }) =>
      api.put(
        `/family/children/${change.childId}/stress-opt-out`,
        { opted_out: change.optedOut, notice_version: STRESS_NOTICE_VERSION },
        { auth: true },
      ),
    onSettled: () => queryClient.invalidateQueries(childrenQueryOptions),
  });
}

const weeklyEmailQueryOptions = queryOptions({
  queryKey: ['family', 'weekly-email'],
  queryFn: ({ signal }) =>
    api.get<FamilySummarySetting>('/family/weekly-email', { auth: true, signal }),
});

/** GET /family/weekly-email: whether the guardian gets the weekly e-mail (decision 0080). */
export function useWeeklyEmail() {
  return useQuery(weeklyEmailQueryOptions);
}

/** PUT /family/weekly-email: the guardian turns it on or off. */
export function useSetWeeklyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<FamilySummarySetting>('/family/weekly-email', { enabled }, { auth: true }),
    onSuccess: (setting) => queryClient.setQueryData(weeklyEmailQueryOptions.queryKey, setting),
  });
}

/** GET /family/children/{id}/overview: a linked child's progress, before stress (decision 0079). */
export function useChildOverview(childId: number) {
  return useQuery({
    queryKey: ['family', 'children', childId, 'overview'],
    queryFn: ({ signal }) =>
      api.get<ChildOverview>(`/family/children/${childId}/overview`, { auth: true, signal }),
  });
}

/** GET /family/children/{id}/days?date=: one day of a linked child, before stress; today when absent. */
export function useChildDay(childId: number, date: string | undefined) {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return useQuery({
    queryKey: ['family', 'children', childId, 'days', date ?? 'today'],
    queryFn: ({ signal }) =>
      api.get<ChildDay>(`/family/children/${childId}/days${query}`, { auth: true, signal }),
  });
}

const deletionRequestsQueryOptions = queryOptions({
  queryKey: ['family', 'deletion-requests'],
  queryFn: ({ signal }) =>
    api.get<GuardianDeletionRequest[]>('/family/deletion-requests', { auth: true, signal }),
});

/** GET /family/deletion-requests: the guardian's requests and what became of them (0081). */
export function useChildDeletionRequests() {
  return useQuery(deletionRequestsQueryOptions);
}

/** POST /family/children/{id}/deletion-requests: ask the school to delete the child's data. */
export function useAskChildDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childId: number) =>
      api.post<GuardianDeletionRequest>(
        `/family/children/${childId}/deletion-requests`,
        undefined,
        { auth: true },
      ),
    onSettled: () => queryClient.invalidateQueries(deletionRequestsQueryOptions),
  });
}

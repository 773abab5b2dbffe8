import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionDecision, OpenDeletionRequest } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** The families' open requests to delete a child's data (decision 0081). */
function deletionRequestsQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'deletion-requests'],
    queryFn: ({ signal }) =>
      api.get<OpenDeletionRequest[]>(`/schools/${schoolId}/deletion-requests`, {
        auth: true,
        signal,
      }),
  });
}

export function useDeletionRequests(schoolId: number) {
  return useQuery(deletionRequestsQueryOptions(schoolId));
}

/** Deletes the child (as Remove does) or declines; the school's lists are read again. */
export function useDecideDeletionRequest(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { request: OpenDeletionRequest } & DeletionDecision) =>
      api.post<null>(
        `/schools/${schoolId}/deletion-requests/${input.request.id}/decision`,
        { decision: input.decision },
        { auth: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['schools', schoolId] }),
  });
}

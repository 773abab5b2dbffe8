import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SchoolUser,
  STRESS_NOTICE_VERSION,
  type StressCheckIn,
  type TalkRequest,
} from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { schoolUsersQueryOptions } from './school-users';

/** The school-wide switch of the stress check-in (decision 0073). */
function stressCheckInQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'stress-check-in'],
    queryFn: () => api.get<StressCheckIn>(`/schools/${schoolId}/stress-check-in`, { auth: true }),
  });
}

export function useStressCheckIn(schoolId: number) {
  return useQuery(stressCheckInQueryOptions(schoolId));
}

/** Saves the switch with the version of the notice the page showed. */
export function useSaveStressCheckIn(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<StressCheckIn>(
        `/schools/${schoolId}/stress-check-in`,
        { enabled, notice_version: STRESS_NOTICE_VERSION },
        { auth: true },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(stressCheckInQueryOptions(schoolId).queryKey, saved);
      // The coordinator's own record (their dashboard's stress card) follows the switch.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** Staff & students: a student out of (or back in to) the stress check-in, a counsellor named. */
export function useStressChoiceChanges(schoolId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: schoolUsersQueryOptions(schoolId).queryKey });
  const optOut = useMutation({
    mutationFn: (change: { user: SchoolUser; optedOut: boolean }) =>
      api.put(
        `/schools/${schoolId}/students/${change.user.id}/stress-opt-out`,
        { opted_out: change.optedOut, notice_version: STRESS_NOTICE_VERSION },
        { auth: true },
      ),
    onSuccess: refresh,
  });
  const counsellor = useMutation({
    mutationFn: (change: { user: SchoolUser; isCounsellor: boolean }) => {
      const path = `/schools/${schoolId}/counsellors/${change.user.id}`;
      return change.isCounsellor
        ? api.put(path, undefined, { auth: true })
        : api.delete(path, { auth: true });
    },
    onSuccess: refresh,
  });
  return { optOut, counsellor };
}

function talkRequestsQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'talk-requests'],
    queryFn: () => api.get<TalkRequest[]>(`/schools/${schoolId}/talk-requests`, { auth: true }),
  });
}

/** The open talk requests, for the school's counsellors. */
export function useTalkRequests(schoolId: number) {
  return useQuery(talkRequestsQueryOptions(schoolId));
}

export function useMarkTalkHandled(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TalkRequest) =>
      api.post(`/schools/${schoolId}/talk-requests/${request.id}/handled`, undefined, {
        auth: true,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: talkRequestsQueryOptions(schoolId).queryKey }),
  });
}

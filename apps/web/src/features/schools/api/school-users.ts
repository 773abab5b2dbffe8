import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type SchoolUser, type SwitchableRole, schoolUsersPath } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';

type SchoolUsersPage = ListPage<SchoolUser>;

/** Staff & students by name, a page at a time, following the server's Link header. */
export const schoolUsersQueryOptions = (schoolId: number) =>
  infiniteQueryOptions({
    queryKey: ['schools', schoolId, 'users'],
    queryFn: ({ pageParam, signal }) => fetchListPage<SchoolUser>(pageParam, signal),
    initialPageParam: schoolUsersPath({ schoolId }),
    getNextPageParam: (last: SchoolUsersPage) => last.next,
  });

export function useSchoolUsers(schoolId: number) {
  return useInfiniteQuery(schoolUsersQueryOptions(schoolId));
}

interface RoleChange {
  userId: number;
  role: SwitchableRole;
}

/** The pages with one row replaced by the server's answer; order and total are unchanged. */
function withUser<Param>(
  data: InfiniteData<SchoolUsersPage, Param> | undefined,
  user: SchoolUser,
): InfiniteData<SchoolUsersPage, Param> | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    people: page.people.map((person) => (person.id === user.id ? user : person)),
  }));
  return { ...data, pages };
}

/**
 * PUT /schools/{schoolId}/users/{userId}/roles/{student|staff}. The answer is the updated row, so
 * it replaces that row in the pages already shown instead of reloading every one of them (a role
 * moves nobody in the name order); on an error the list is reloaded to show what is true.
 */
export function useChangeRole(schoolId: number) {
  const queryClient = useQueryClient();
  const users = schoolUsersQueryOptions(schoolId);
  return useMutation({
    mutationFn: ({ userId, role }: RoleChange) =>
      api.put<SchoolUser>(`/schools/${schoolId}/users/${userId}/roles/${role}`, undefined, {
        auth: true,
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(users.queryKey, (data) => withUser(data, user));
      // Stale, not reloaded now: the next visit reads the list afresh.
      void queryClient.invalidateQueries({ queryKey: users.queryKey, refetchType: 'none' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: users.queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['schools', schoolId, 'points'] }),
  });
}

interface CoordinatorChange {
  userId: number;
  coordinator: boolean;
}

/**
 * PUT (make) or DELETE (take back) /schools/{schoolId}/coordinators/{userId} (issue 35 §2): the
 * answer replaces that row, as a role switch does. The person's new roles apply on their next
 * request; the server refuses to remove a school's last coordinator (409, shown in the dialog).
 */
export function useSetCoordinator(schoolId: number) {
  const queryClient = useQueryClient();
  const users = schoolUsersQueryOptions(schoolId);
  return useMutation({
    mutationFn: ({ userId, coordinator }: CoordinatorChange) => {
      const path = `/schools/${schoolId}/coordinators/${userId}`;
      return coordinator
        ? api.put<SchoolUser>(path, undefined, { auth: true })
        : api.delete<SchoolUser>(path, { auth: true });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(users.queryKey, (data) => withUser(data, user));
      void queryClient.invalidateQueries({ queryKey: users.queryKey, refetchType: 'none' });
    },
  });
}

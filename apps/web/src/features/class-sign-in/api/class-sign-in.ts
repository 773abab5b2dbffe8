import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ClassCard,
  type ClassCodeCreate,
  type ClassLookup,
  classStudentsPath,
  type MyClassChallenges,
  type OpenClassCode,
  type PickableStudent,
  type SecretPictures,
  type SessionRecord,
} from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';

const path = (code: string) => `/class-codes/${encodeURIComponent(code)}`;

/** GET /class-codes/{code}: the class, public to whoever holds the code. */
export function classQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['class-codes', code],
    queryFn: ({ signal }) => api.get<ClassLookup>(path(code), { signal }),
    // The list of a class changes only when staff open a new code.
    staleTime: 5 * 60_000,
  });
}

export function useClass(code: string) {
  return useQuery(classQueryOptions(code));
}

/**
 * GET /class-codes/{code}/class-challenges: a class check-in's meter, between children (decision
 * 0085). Read afresh each time the names show again, so it moves after each child.
 */
export function useClassCodeChallenges(code: string, enabled: boolean) {
  return useQuery({
    queryKey: ['class-codes', code, 'class-challenges'],
    queryFn: ({ signal }) =>
      api.get<MyClassChallenges>(`${path(code)}/class-challenges`, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** POST /class-codes/{code}/sign-in: a 401 is the wrong pictures, not an ended session. */
export function signInByPictures(code: string, userId: number, pictures: SecretPictures) {
  return api.post<SessionRecord>(
    `${path(code)}/sign-in`,
    { user_id: userId, pictures },
    { keepSessionOn401: true },
  );
}

/** POST /schools/{id}/class-codes (staff and admins). */
export function useOpenClassCode(schoolId: number) {
  return useMutation({
    mutationFn: (body: ClassCodeCreate) =>
      api.post<OpenClassCode>(`/schools/${schoolId}/class-codes`, body, { auth: true }),
  });
}

/** DELETE /class-codes/{code}: staff close the code before the day ends. */
export function useCloseClassCode() {
  return useMutation({
    mutationFn: (code: string) => api.delete<null>(path(code), { auth: true }),
  });
}

const cardsKey = (schoolId: number, homeroom: string) =>
  ['schools', schoolId, 'class-cards', homeroom] as const;

/** GET /schools/{id}/class-cards?homeroom= (staff and admins). */
export function useClassCards(schoolId: number, homeroom: string) {
  return useQuery({
    queryKey: cardsKey(schoolId, homeroom),
    queryFn: ({ signal }) =>
      api.get<ClassCard[]>(
        `/schools/${schoolId}/class-cards?${new URLSearchParams({ homeroom })}`,
        { auth: true, signal },
      ),
    enabled: homeroom !== '',
  });
}

/** "New pictures" and "Unlock" for one child: the cards are read again afterwards. */
export function useClassCardActions(schoolId: number, homeroom: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: cardsKey(schoolId, homeroom) });
  const renew = useMutation({
    mutationFn: (userId: number) =>
      api.post<{ secret_pictures: SecretPictures }>(`/users/${userId}/secret-pictures`, undefined, {
        auth: true,
      }),
    onSuccess,
  });
  const unlock = useMutation({
    mutationFn: (userId: number) =>
      api.delete<null>(`/users/${userId}/class-sign-in-lock`, { auth: true }),
    onSuccess,
  });
  return { renew, unlock };
}

/**
 * GET /schools/{id}/class-students?q=: the students to pick for a class code, by name, a page at
 * a time; a new search keeps the rows shown until its answer arrives.
 */
export function usePickableStudents(schoolId: number, search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['schools', schoolId, 'class-students', search],
    queryFn: ({ pageParam, signal }) => fetchListPage<PickableStudent>(pageParam, signal),
    initialPageParam: classStudentsPath({ schoolId, q: search }),
    getNextPageParam: (last: ListPage<PickableStudent>) => last.next,
    placeholderData: keepPreviousData,
    enabled,
  });
}

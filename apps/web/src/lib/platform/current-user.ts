import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeSession } from './session';
import { userQueryOptions } from './shell-queries';

/** While watched, the record is read again this often and whenever the tab comes back. */
const WATCH_INTERVAL_MS = 60_000;

/**
 * GET /users/{id}, merged into the stored session so points and payment flags stay fresh.
 * `watch`: a page waiting for a change made elsewhere (a school's deletion cancelled).
 */
export function useCurrentUser(id: number, { watch = false } = {}) {
  const query = useQuery({
    ...userQueryOptions(id),
    refetchInterval: watch && WATCH_INTERVAL_MS,
    refetchOnWindowFocus: watch && 'always',
  });
  useEffect(() => {
    if (query.data) mergeSession(query.data);
  }, [query.data]);
  return query;
}

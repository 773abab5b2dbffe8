import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mergeSession } from './session';
import { userQueryOptions } from './shell-queries';

/** GET /users/{id}, merged into the stored session so points and payment flags stay fresh. */
export function useCurrentUser(id: number) {
  const query = useQuery(userQueryOptions(id));
  useEffect(() => {
    if (query.data) mergeSession(query.data);
  }, [query.data]);
  return query;
}

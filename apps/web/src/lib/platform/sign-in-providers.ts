import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInProvider, SignInProviderId } from '@wellbank/domain';
import { api } from './api-client';

/**
 * The district sign-in providers this server configured (decision 0050), for their names and the
 * "Link {provider}" buttons. They change only with the server's configuration.
 */
function signInProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['sign-in', 'providers'],
    queryFn: () => api.get<{ providers: SignInProvider[] }>('/sign-in/providers'),
    select: (answer) => answer.providers,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSignInProviders() {
  return useQuery(signInProvidersQueryOptions());
}

/** A provider's display name, by the configured list; its id while the list is not there. */
export function providerName(id: SignInProviderId, providers: readonly SignInProvider[] = []) {
  return providers.find((provider) => provider.id === id)?.name ?? id;
}

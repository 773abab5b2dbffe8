import type { SignInProvider, SignInProviderId } from '@wellbank/domain';
import { useEffect, useState } from 'react';
import { api } from '@/lib/platform/api-client';
import { RETURN_PARAM } from '@/lib/platform/return-path';

/** GET /sign-in/providers, asked once per page load: the deployment's list does not change. */
let providers: Promise<SignInProvider[]> | undefined;

function fetchProviders(): Promise<SignInProvider[]> {
  providers ??= api.get<{ providers: SignInProvider[] }>('/sign-in/providers').then(
    (body) => body.providers,
    () => {
      // Offline or refused: the password form still works; the next visit asks again.
      providers = undefined;
      return [];
    },
  );
  return providers;
}

/**
 * The district sign-ins the deployment configured (decision 0050), empty until they arrive. A
 * plain effect, not lib/platform/sign-in-providers.ts's query: the login page has no query client
 * (decision 0019), and its buttons' chunk would carry TanStack Query.
 */
export function useLoginProviders(): SignInProvider[] {
  const [list, setList] = useState<SignInProvider[]>([]);
  useEffect(() => {
    let current = true;
    fetchProviders().then((found) => current && setList(found));
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/**
 * Where the button goes: the API's start of the sign-in (a browser navigation, which sets the
 * attempt's cookie and redirects to the provider), carrying the page to return to.
 */
export function providerStartPath(id: SignInProviderId, next: string | null): string {
  const query = next ? `?${new URLSearchParams({ [RETURN_PARAM]: next })}` : '';
  return `/api/v1/sign-in/oidc/${id}${query}`;
}

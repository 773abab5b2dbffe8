import type { SignInProviderId } from '@wellbank/domain';
import type { SignInProviderConfig } from '../../http/context.ts';

export type { SignInProviderConfig };

/** The presets' issuers: each is configured by its client id and secret alone. */
export const PROVIDER_PRESETS = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  // Multi-tenant: every ID token's `iss` names its tenant; openid-client checks it against the
  // discovered `https://login.microsoftonline.com/{tenantid}/v2.0` with the token's `tid`.
  microsoft: { name: 'Microsoft', issuer: 'https://login.microsoftonline.com/common/v2.0' },
  clever: { name: 'Clever', issuer: 'https://clever.com' },
  classlink: { name: 'ClassLink', issuer: 'https://launchpad.classlink.com' },
} as const satisfies Record<Exclude<SignInProviderId, 'oidc'>, { name: string; issuer: string }>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An issuer must be https, except on loopback: the tests' and the demo's provider. */
export function isAllowedIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
}

export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/** The environment's client ids and secrets (env.ts), each provider set only when both are. */
export interface SignInEnv {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  MICROSOFT_CLIENT_ID?: string | undefined;
  MICROSOFT_CLIENT_SECRET?: string | undefined;
  CLEVER_CLIENT_ID?: string | undefined;
  CLEVER_CLIENT_SECRET?: string | undefined;
  CLASSLINK_CLIENT_ID?: string | undefined;
  CLASSLINK_CLIENT_SECRET?: string | undefined;
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_NAME?: string | undefined;
}

/** The configured providers, in the login page's order (the domain's SIGN_IN_PROVIDERS). */
export function providersFromEnv(env: SignInEnv): SignInProviderConfig[] {
  const presets = [
    ['google', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ['microsoft', env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET],
    ['clever', env.CLEVER_CLIENT_ID, env.CLEVER_CLIENT_SECRET],
    ['classlink', env.CLASSLINK_CLIENT_ID, env.CLASSLINK_CLIENT_SECRET],
  ] as const;
  const configured: SignInProviderConfig[] = [];
  for (const [id, clientId, clientSecret] of presets) {
    if (clientId && clientSecret)
      configured.push({ id, ...PROVIDER_PRESETS[id], clientId, clientSecret });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_NAME) {
    configured.push({
      id: 'oidc',
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return configured;
}

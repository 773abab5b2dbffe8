import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider on loopback (`oidc-provider`, the certified Node implementation) standing
 * in for a district's Google, Microsoft, Clever or ClassLink in the API tests, the browser tests
 * and `npm run demo` (issue 33, decision 0050). Its sign-in page is oidc-provider's development
 * form: any account's `sub` as the login, any password. Consent is granted without asking, as a
 * district's admin-approved app is.
 */

/** A person at the district: the ID token carries every claim given here. */
export interface DistrictAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Claim shapes of the presets: Google's `hd`, Microsoft's `tid`/`xms_edov`, Clever's `district`, ClassLink's `tenantid`. */
  [claim: string]: unknown;
}

export interface DistrictClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface DistrictProviderOptions {
  /** 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** The issuer's path, e.g. `/common/v2.0`; none by default. */
  issuerPath?: string;
  clients: DistrictClient[];
  accounts: DistrictAccount[];
  /** How long an authorization code lives (oidc-provider's default: 60). */
  codeTtlSeconds?: number;
}

/** The claims the presets' providers put in an ID token beside the standard ones. */
const EXTRA_CLAIMS = ['hd', 'tid', 'xms_edov', 'district', 'tenantid'];

export async function startDistrictProvider(options: DistrictProviderOptions) {
  const accounts = new Map(options.accounts.map((account) => [account.sub, { ...account }]));
  const host = options.host ?? '127.0.0.1';
  const issuerPath = options.issuerPath?.replace(/\/+$/, '') ?? '';
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (!handle) return void res.writeHead(503).end();
    if (issuerPath) {
      // Mounted below the issuer's path: oidc-provider reads it from originalUrl.
      const url = req.url ?? '/';
      if (!url.startsWith(`${issuerPath}/`)) return void res.writeHead(404).end();
      Object.assign(req, { originalUrl: url, url: url.slice(issuerPath.length) });
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}${issuerPath}`;
  const provider = new Provider(issuer, configuration(options, accounts));
  // oidc-provider's development login page imports a web font from Google; without it the page
  // loads nothing from elsewhere, so the demo's newcomer and the tests stay on loopback.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string' && ctx.type === 'text/html') {
      ctx.body = ctx.body.replace(/@import url\(https:[^)]*\);/g, '');
    }
  });
  handle = provider.callback();

  return {
    issuer,
    port,
    /** Adds or changes an account (a changed e-mail at the district, say). */
    setAccount(account: DistrictAccount) {
      accounts.set(account.sub, { ...account });
    },
    /**
     * Follows an authorization URL the way a browser would, signs in as `sub` on the login form,
     * and returns the URL the provider finally redirected to (the client's callback, with its
     * code). A test's stand-in for the person at the browser.
     */
    signIn: (authorizationUrl: string, sub: string) =>
      followAsBrowser(authorizationUrl, issuer, { prompt: 'login', login: sub, password: 'x' }),
    /** As `signIn`, but the person cancels on the login form (`error=access_denied`). */
    cancel: (authorizationUrl: string) => followAsBrowser(authorizationUrl, issuer, 'abort'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type DistrictProvider = Awaited<ReturnType<typeof startDistrictProvider>>;

function configuration(
  options: DistrictProviderOptions,
  accounts: Map<string, DistrictAccount>,
): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    // Its own signing key, so a token of one test provider never verifies at another.
    jwks: {
      keys: [
        {
          ...privateKey.export({ format: 'jwk' }),
          kid: randomBytes(8).toString('hex'),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub', ...EXTRA_CLAIMS],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The scopes' claims in the ID token itself, as Google's and Microsoft's are.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...accounts.get(id), sub: id }) };
    },
    // Consent is the district's: every client gets the scopes it asks for, without a prompt.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
}

/**
 * GETs and redirects with a cookie jar, as a browser does, until the provider sends it off to
 * another origin; on its interaction page, submits `form` (or follows the abort link).
 */
async function followAsBrowser(
  start: string,
  issuer: string,
  form: Record<string, string> | 'abort',
): Promise<string> {
  const origin = new URL(issuer).origin;
  const jar = new Map<string, string>();
  let request: { url: string; body?: URLSearchParams } = { url: start };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(request.url, {
      method: request.body ? 'POST' : 'GET',
      body: request.body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const split = pair.indexOf('=');
      jar.set(pair.slice(0, split), pair.slice(split + 1));
    }
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next.href;
      request = { url: next.href };
    } else if (response.ok && /\/interaction\/[^/]+$/.test(new URL(request.url).pathname)) {
      request =
        form === 'abort'
          ? { url: `${request.url}/abort` }
          : { url: request.url, body: new URLSearchParams(form) };
    } else {
      throw new Error(`the provider answered ${response.status} at ${request.url}`);
    }
  }
  throw new Error('the provider never redirected back to the client');
}

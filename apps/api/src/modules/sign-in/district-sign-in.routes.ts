import {
  SIGN_IN_MESSAGES,
  safeReturnPath,
  sessionRecordSchema,
  signInProviderIdSchema,
  signInProvidersSchema,
  signInTicketAcceptSchema,
  signInTicketResultSchema,
  signInTicketSchema,
} from '@wellbank/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from '../../app.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { AppError, responses } from '../../http/errors.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { newToken } from '../auth/tokens.ts';
import { createDistrictClient } from './district-client.ts';
import {
  DistrictSignInFailure,
  finishDistrictSignIn,
  startDistrictSignIn,
} from './district-sign-in.service.ts';
import { acceptTicket, redeemTicket } from './sign-in-tickets.service.ts';

/** Ties an attempt to the browser that started it (decision 0050): no login CSRF. */
const BROWSER_COOKIE = 'wellbank_district';
const BROWSER_COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;
const ATTEMPT_SECONDS = 10 * 60;

const providerParams = z.object({ provider: signInProviderIdSchema });
const startQuery = z.object({
  /** Where to go after signing in, as the login page's `?next=`; kept only when it is ours. */
  next: z.string().max(4096).optional(),
  /** Third-party initiated login (a Clever or ClassLink portal tile): the provider's issuer. */
  iss: z.string().max(2048).optional(),
});
/** What a provider may send back; `openid-client` reads the whole query itself. */
const callbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(1024).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(1024).optional(),
    error_description: z.string().max(4096).optional(),
  })
  .loose();
const redirect = { 302: z.null().describe('To the provider, or back to the web app') };

/** District sign-in through OpenID Connect (decision 0050); the service does the work. */
export function districtSignInRoutes(app: App, context: AppContext) {
  const { db, now, appUrl, signInProviders } = context;
  // Here, not at the module's top: app.ts imports this module before it defines API_PREFIX.
  const FLOW_PATH = `${API_PREFIX}/sign-in/oidc`;
  const client = createDistrictClient();
  const secureCookie = appUrl?.startsWith('https:') ?? false;

  function configured(id: string) {
    const provider = signInProviders.find((candidate) => candidate.id === id);
    if (!provider) throw new AppError('not_found', SIGN_IN_MESSAGES.providerNotConfigured);
    return provider;
  }

  const redirectUri = (request: FastifyRequest, id: string) =>
    `${webAppUrl(request, appUrl)}${FLOW_PATH}/${id}/callback`;

  /** The browser's cookie, or a new one set on this reply (several tabs share one). */
  function browserOf(request: FastifyRequest, reply: FastifyReply): string {
    const found = readCookie(request.headers.cookie, BROWSER_COOKIE);
    const browser = found && BROWSER_COOKIE_VALUE.test(found) ? found : newToken();
    const attributes = `Path=${FLOW_PATH}; Max-Age=${ATTEMPT_SECONDS}; HttpOnly; SameSite=Lax`;
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${browser}; ${attributes}${secureCookie ? '; Secure' : ''}`,
    );
    return browser;
  }

  /** The web app's district sign-in page, with a ticket or an error code in its fragment. */
  const districtPage = (request: FastifyRequest, fragment: string, next?: string | null) =>
    `${webAppUrl(request, appUrl)}/login/district${next ? `?${new URLSearchParams({ next })}` : ''}#${fragment}`;

  async function orFailurePage(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<string>,
  ) {
    try {
      return reply.redirect(await work(), 302);
    } catch (error) {
      // A start past its address's limit is a page too, not JSON for a browser navigation.
      const tooMany = error instanceof AppError && error.code === 'rate_limited';
      if (!(error instanceof DistrictSignInFailure) && !tooMany) throw error;
      const code = tooMany ? 'too_many' : error.code;
      return reply.redirect(districtPage(request, `error=${code}`), 302);
    }
  }

  app.get(
    '/sign-in/providers',
    {
      schema: {
        description:
          "Public: the district sign-in providers configured, in the login page's order.",
        response: responses({ 200: signInProvidersSchema }),
      },
    },
    () => ({ providers: signInProviders.map(({ id, name }) => ({ id, name })) }),
  );

  app.get(
    '/sign-in/oidc/:provider',
    {
      schema: {
        description:
          'Public, a browser navigation: starts a district sign-in and redirects to the provider ' +
          "(`?next=` as the login page's; `?iss=` when a portal tile starts it).",
        params: providerParams,
        querystring: startQuery,
        response: responses(redirect),
      },
    },
    async (request, reply) => {
      const provider = configured(request.params.provider);
      const { iss, next } = request.query;
      return orFailurePage(request, reply, async () => {
        if (iss !== undefined && iss !== provider.issuer) throw new DistrictSignInFailure('failed');
        const url = await startDistrictSignIn(db, client, {
          provider,
          redirectUri: redirectUri(request, provider.id),
          browser: browserOf(request, reply),
          next: safeReturnPath(next),
          linkUserId: null,
          address: clientAddress(request),
          now: now(),
        });
        return url.href;
      });
    },
  );

  app.get(
    '/sign-in/oidc/:provider/callback',
    {
      schema: {
        description:
          "Public, the provider's redirect: to `/login/district#ticket=…` or `#error={code}`. " +
          'Without `state` (a portal launch) back to the start.',
        params: providerParams,
        querystring: callbackQuery,
        response: responses(redirect),
      },
    },
    async (request, reply) => {
      const provider = configured(request.params.provider);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const params = new URLSearchParams(query);
      if (!params.has('state') && !params.has('error')) {
        // Clever's Instant Login sends a code without state: start again, with state, nonce, PKCE.
        return reply.redirect(`${FLOW_PATH}/${provider.id}`, 302);
      }
      return orFailurePage(request, reply, async () => {
        const found = await finishDistrictSignIn(db, client, {
          provider,
          callbackUrl: new URL(`${redirectUri(request, provider.id)}${query}`),
          browser: readCookie(request.headers.cookie, BROWSER_COOKIE),
          address: clientAddress(request),
          now: now(),
        });
        return districtPage(request, `ticket=${found.ticket}`, found.next);
      });
    },
  );

  app.post(
    '/sign-in/oidc/ticket',
    {
      schema: {
        description:
          'Public: what the district sign-in found, by its one-time ticket: a session, an ' +
          'invitation waiting for the privacy agreement, an unknown address, or a link made.',
        body: signInTicketSchema,
        response: responses({ 200: signInTicketResultSchema }),
      },
    },
    (request) =>
      redeemTicket(db, {
        ticket: request.body.ticket,
        address: clientAddress(request),
        now: now(),
      }),
  );

  app.post(
    '/sign-in/oidc/ticket/accept',
    {
      schema: {
        description:
          "Public: accepts the ticket's invitation with the privacy agreement; the account has " +
          'no password and signs in through its district account.',
        body: signInTicketAcceptSchema,
        response: responses({ 201: sessionRecordSchema }),
      },
    },
    async (request, reply) => {
      const session = await acceptTicket(db, {
        ticket: request.body.ticket,
        address: clientAddress(request),
        now: now(),
        language: requestLanguage(request),
      });
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/sign-in/oidc/:provider/link',
    {
      onRequest: createAuthenticate(context),
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          'Signed in: starts linking a district account to this account; the browser follows `url`.',
        params: providerParams,
        response: responses({ 200: z.object({ url: z.string() }) }),
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const provider = configured(request.params.provider);
      const url = await startDistrictSignIn(db, client, {
        provider,
        redirectUri: redirectUri(request, provider.id),
        browser: browserOf(request, reply),
        next: null,
        linkUserId: currentUser(request).id,
        address: clientAddress(request),
        now: now(),
      }).catch((error: unknown) => {
        if (!(error instanceof DistrictSignInFailure)) throw error;
        throw new AppError('unavailable', SIGN_IN_MESSAGES.providerNotConfigured);
      });
      return { url: url.href };
    },
  );
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const split = part.indexOf('=');
    if (split > 0 && part.slice(0, split).trim() === name) return part.slice(split + 1).trim();
  }
  return undefined;
}

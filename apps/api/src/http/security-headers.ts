import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { WebBuildSources } from './web-build.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The Content-Security-Policy of every response (decision 0006). Scripts: our files and the
 * hashed inline landing preload, never 'unsafe-inline', so an injected script cannot run and read
 * the token in localStorage. Requests: our origin and what the build reports to (Sentry). No
 * frames around us, no plugins, no <base>; forms post only to us (Stripe Checkout is a navigation
 * by script, which CSP does not govern).
 */
function contentSecurityDirectives(web: WebBuildSources | undefined, https: boolean) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(web?.inlineScriptHashes ?? [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Radix's dialog locks the page's scroll with a <style> element it writes (react-remove-scroll)
    // whose text varies, so no hash fits. Inline CSS cannot read the token, and it can fetch
    // nothing from elsewhere: img-src, font-src and @import stay 'self'.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    // React sets `style` props through CSSOM, which CSP does not govern; attributes stay refused.
    'style-src-attr': ["'none'"],
    'img-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(web?.connectOrigins ?? [])],
    // The installable app (decision 0027): its service worker (/sw.js) and web app manifest.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export type ApplySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

type HeaderList = readonly (readonly [name: string, value: string])[];

/** Headers by their lower-case names, as Fastify keeps a reply's. */
type Headers = Readonly<Record<string, string>>;

const HSTS = `max-age=${ONE_YEAR_SECONDS}`;

/** Where the API answers: JSON and downloads read by scripts, never rendered as a page. */
const API_PATH_PREFIX = '/api/';

/**
 * The headers of an API answer (decision 0038; OWASP's REST Security Cheat Sheet): nothing may
 * load into it or frame it should a browser open it, nosniff keeps its JSON from being read as
 * anything else, CORP keeps other sites' pages from embedding it, and `no-store` keeps a
 * child's data out of the caches of a shared school computer. A route may set its own
 * Cache-Control. The page headers' other entries govern documents, which an answer is not.
 */
function apiHeaders(https: boolean): HeaderList {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cache-Control', 'no-store'],
    ...(https ? ([['Strict-Transport-Security', HSTS]] as const) : []),
  ];
}

/**
 * Helmet's headers for the web app's pages and files: the CSP above, `X-Frame-Options: DENY` for
 * browsers without frame-ancestors, `Referrer-Policy: no-referrer` (a reset link carries its token
 * in the address), nosniff, and HSTS only when APP_URL is https (a browser ignores it over http;
 * on localhost it would be wrong). None depends on the request, so helmet runs once, here, and
 * its headers are kept.
 */
function pageHeaders(web: WebBuildSources | undefined, https: boolean): HeaderList {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(web, https),
    },
    // No includeSubDomains: the app does not know what else runs under its host's domain.
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

function byLowerCaseName(list: HeaderList): Headers {
  return Object.fromEntries(list.map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * Sets the security headers of every answer: the API's under /api/, the page headers on anything
 * else. Built once; per request it only sets the kept headers (helmet per request cost ~4 µs, and
 * the page headers' 680 bytes on every API answer cost the server and its clients more:
 * docs/performance.md). They go on Fastify's reply, not on the raw response: with no header set
 * on the raw response Node writes the reply's headers as they are, instead of copying each one
 * through `setHeader`. A route's own header of the same name (a Cache-Control) replaces ours.
 * Fastify skips its hooks for a path its router refuses, so app.ts applies this from its own
 * hook and from that refusal.
 */
export function securityHeaders(options: {
  appUrl: string | undefined;
  web: WebBuildSources | undefined;
}): ApplySecurityHeaders {
  const https = options.appUrl?.startsWith('https:') ?? false;
  const api = byLowerCaseName(apiHeaders(https));
  const page = byLowerCaseName(pageHeaders(options.web, https));
  return (request, reply) => {
    reply.headers(request.url.startsWith(API_PATH_PREFIX) ? api : page);
  };
}

/** Every answer that passes Fastify's hooks: pages, assets, `/api/v1`, 404s and errors. */
export function installSecurityHeaders(app: FastifyInstance, apply: ApplySecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

export type ApplySecurityHeaders = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Helmet's headers: the CSP above, `X-Frame-Options: DENY` for browsers without frame-ancestors,
 * `Referrer-Policy: no-referrer` (a reset link carries its token in the address), nosniff, and
 * HSTS only when APP_URL is https (a browser ignores it over http; on localhost it would be
 * wrong). Built once: @fastify/helmet rebuilds the middleware for every request (7.6 µs against
 * 0.3 µs measured) and sets the headers from a hook that Fastify skips for a path its router
 * refuses, so app.ts applies this one from its own hook and from that refusal.
 */
export function securityHeaders(options: {
  appUrl: string | undefined;
  web: WebBuildSources | undefined;
}): ApplySecurityHeaders {
  const https = options.appUrl?.startsWith('https:') ?? false;
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(options.web, https),
    },
    // No includeSubDomains: the app does not know what else runs under its host's domain.
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return (request, response) =>
    middleware(request, response, (error?: unknown) => {
      if (error) throw error;
    });
}

/** Every answer that passes Fastify's hooks: pages, assets, `/api/v1`, 404s and errors. */
export function installSecurityHeaders(app: FastifyInstance, apply: ApplySecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw);
    done();
  });
}

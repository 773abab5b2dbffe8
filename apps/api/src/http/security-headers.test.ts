import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@wellbank/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type WellbankApp } from '../app.ts';
import { untouchedDeps } from '../test/untouched-deps.ts';
import { inlineScriptHashes } from './web-build.ts';

const PRELOAD = 'console.log("landing preload")';
const INDEX_HTML = `<!doctype html><title>Wellbank</title><script>${PRELOAD}</script>
<script type="module" crossorigin src="/assets/index-1234.js"></script>`;
const SENTRY_ORIGIN = 'https://o1.ingest.sentry.io';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'wellbank-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'assets', 'index-1234.js'), 'console.log(1)');
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  await writeFile(join(dist, 'content-sources.json'), JSON.stringify({ connect: [SENTRY_ORIGIN] }));
});
afterAll(() => rm(dist, { recursive: true }));

async function withApp(appUrl: string, run: (app: WellbankApp) => Promise<void>) {
  const app = await buildApp({
    ...untouchedDeps(),
    appUrl,
    webDistDir: dist,
  });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

/** The landing page, a page route, an asset, robots.txt. */
const PAGE_URLS = ['/', '/dashboard', '/assets/index-1234.js', '/robots.txt'];
/** An API answer, an API 404, a path the router refuses. */
const API_URLS = ['/api/v1/openapi.json', '/api/v1/nothing-here', '/api/v1/users/%'];

function directives(policy: string | undefined): Map<string, string[]> {
  const entries = (policy ?? '').split(';').map((directive) => directive.trim().split(/\s+/));
  return new Map(entries.map(([name = '', ...sources]) => [name, sources]));
}

describe('security headers', () => {
  it('sends the CSP and the other security headers on pages and assets', async () => {
    await withApp('http://wellbank.test', async (app) => {
      for (const url of PAGE_URLS) {
        const response = await app.inject({ url });
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
        const csp = directives(response.headers['content-security-policy'] as string);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      }
    });
  });

  it('sends an API answer the headers of a JSON API: nothing loads into it, nobody frames or caches it', async () => {
    await withApp('http://wellbank.test', async (app) => {
      for (const url of API_URLS) {
        const response = await app.inject({ url });
        const csp = directives(response.headers['content-security-policy'] as string);
        expect([...csp], url).toEqual([
          ['default-src', ["'none'"]],
          ['frame-ancestors', ["'none'"]],
        ]);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        expect(response.headers['cache-control'], url).toBe('no-store');
        // The page headers' document-only entries are not sent with every answer.
        expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
        expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
      }
    });
  });

  it("allows the page's inline script by its hash, and no inline script otherwise", async () => {
    await withApp('http://wellbank.test', async (app) => {
      const page = await app.inject({ url: '/login' });
      expect(page.body).toContain(PRELOAD);
      const csp = directives(page.headers['content-security-policy'] as string);
      const preloadHash = createHash('sha256').update(PRELOAD).digest('base64');
      expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${preloadHash}'`]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('style-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
    });
  });

  it('lets the page send requests to its own origin and to the Sentry ingest it was built with', async () => {
    await withApp('http://wellbank.test', async (app) => {
      const page = await app.inject({ url: '/' });
      const csp = directives(page.headers['content-security-policy'] as string);
      expect(csp.get('connect-src')).toEqual(["'self'", SENTRY_ORIGIN]);
    });
  });

  it('sends HSTS only when APP_URL is https', async () => {
    await withApp('http://localhost:3000', async (app) => {
      const response = await app.inject({ url: '/' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
    });
    await withApp('https://wellbank.example.org', async (app) => {
      for (const url of [...PAGE_URLS, ...API_URLS]) {
        const response = await app.inject({ url });
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
      const page = await app.inject({ url: '/' });
      const csp = directives(page.headers['content-security-policy'] as string);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
    });
  });

  it('sends them on a path the router refuses too', async () => {
    await withApp('http://wellbank.test', async (app) => {
      const response = await app.inject({ url: '/api/v1/users/%' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script and skips scripts loaded from a file', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module">b()</script>`;
    const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${sha256('a()')}'`,
      `'sha256-${sha256('b()')}'`,
    ]);
  });
});

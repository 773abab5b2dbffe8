import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { MESSAGES } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { parseEnv } from './env.ts';
import { useTestApp } from './test/use-test-app.ts';

const t = useTestApp();

describe('buildApp', () => {
  it('publishes the OpenAPI document listing every route', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/authentication/authenticate',
        '/authentication/session',
        '/forgot-password',
        '/reset-password',
        '/signup',
        '/schools',
        '/schools/{id}',
        '/schools/{id}/users',
        '/teams',
        '/teams/{id}',
        '/teams/{id}/signup',
        '/users/{id}',
        '/schools/{id}/sign-in-methods',
        '/users/{id}/sign-ins',
        '/users/{id}/sign-ins/{provider}',
        '/users/{id}/badge',
        '/schools/{id}/badges',
        '/schools/{id}/class-students',
        '/schools/{id}/subscription',
        '/schools/{id}/payments',
        '/schools/{schoolId}/payments/{paymentId}/receipt',
        '/schools/{id}/homerooms',
        '/sign-in/badge',
        '/schools/{id}/invitations',
        '/schools/{schoolId}/invitations/{invitationId}',
        '/schools/{schoolId}/invitations/{invitationId}/resend',
        '/schools/{schoolId}/coordinators/{userId}',
        '/users/{id}/personal-badges',
        '/users/{id}/personal-badges/{badge}/celebration',
        '/schools/{id}/class-challenges',
        '/class-challenges/{id}/end',
        '/users/{id}/class-challenges',
        '/class-codes/{code}/class-challenges',
        '/schools/{id}/year-end-rollovers',
        '/users/{id}/family-code',
        '/schools/{id}/family-letters',
        '/family/sign-up',
        '/family/links',
        '/family/children',
        '/family/children/{id}',
        '/family/children/{id}/stress-opt-out',
        '/family/weekly-email',
        '/family/children/{id}/overview',
        '/family/children/{id}/days',
        '/family/children/{id}/export',
        '/family/children/{id}/deletion-requests',
        '/family/deletion-requests',
        '/schools/{id}/deletion-requests',
        '/schools/{schoolId}/deletion-requests/{requestId}/decision',
        '/users/{id}/guardians',
        '/users/{id}/guardians/{guardianId}',
        '/schools/{id}/stress-check-in',
        '/teams/me/goal',
        '/schools/{id}/team-ranking',
        '/users/{id}/streak',
        '/schools/{id}/holidays',
        '/schools/{id}/holidays/{date}',
        '/schools/{schoolId}/students/{userId}/stress-opt-out',
        '/schools/{schoolId}/counsellors/{userId}',
        '/talk-requests',
        '/schools/{id}/talk-requests',
        '/schools/{schoolId}/talk-requests/{requestId}/handled',
      ]),
    );
    const login = document.paths['/authentication/authenticate'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('answers an unknown route with 404 {error}', async () => {
    for (const url of ['/api/v1/nothing-here', '/somewhere']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
    }
  });

  it('logs one line per answered request, with its status and time but not its query', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      await app.ready();
      lines.length = 0;
      await app.inject({ url: '/api/v1/activities?token=secret' });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'request completed',
        method: 'GET',
        path: '/api/v1/activities',
        statusCode: 401,
      });
      expect(lines[0]?.ms).toEqual(expect.any(Number));
      expect(JSON.stringify(lines)).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it("ties a request's own log lines and its request line by the request's id", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    app.get('/broken', () => {
      throw new Error('broken on purpose');
    });
    try {
      await app.ready();
      lines.length = 0;
      expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
      const failed = lines.filter((line) => line.msg === 'request failed');
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(failed.map((line) => line.reqId)).toEqual(completed.map((line) => line.reqId));
      expect(new Set(failed.map((line) => line.reqId)).size).toBe(2);
      expect(failed[0]).toMatchObject({ level: 50, err: { message: 'broken on purpose' } });
      expect(completed[0]).toMatchObject({ path: '/broken', statusCode: 500 });
    } finally {
      await app.close();
    }
  });

  it('serves the built web app with a fallback to index.html for page routes, not for assets', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wellbank-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Wellbank</title>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      webDistDir: dist,
    });
    try {
      const page = await app.inject({ url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Wellbank</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ url: '/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const oldChunk = await app.inject({ url: '/assets/app-0000.js' });
      expect(oldChunk.statusCode).toBe(404);
      expect(oldChunk.json()).toEqual({ error: MESSAGES.notFound });
      const api = await app.inject({ url: '/api/v1/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ error: MESSAGES.notFound });
    } finally {
      await app.close();
      await rm(dist, { recursive: true });
    }
  });

  it('answers a path naming a missing file 404 {error}, not the page, and serves robots.txt', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wellbank-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Wellbank</title>');
    await copyFile(
      new URL('../../web/public/robots.txt', import.meta.url),
      join(dist, 'robots.txt'),
    );
    const app = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      webDistDir: dist,
    });
    try {
      for (const url of ['/manifest.json', '/sw.js', '/.env', '/favicon.ico?v=2', '/a/b.php']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ error: MESSAGES.notFound });
      }
      for (const url of ['/', '/login', '/schools/students', '/forgot-password/reset?token=a.b']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('<title>Wellbank</title>');
      }
      // A link checker or uptime probe asks with HEAD: the page exists.
      expect((await app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
      const robots = await app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      // Only the sign-in page may be listed (decision 0006).
      expect(robots.body).toMatch(/^Allow: \/login\$$/m);
      expect(robots.body).toMatch(/^Disallow: \/$/m);
    } finally {
      await app.close();
      await rm(dist, { recursive: true });
    }
  });

  it('serves the service worker and the web app manifest with their types, never cached long', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wellbank-dist-'));
    await mkdir(join(dist, 'icons'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Wellbank</title>');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Wellbank"}');
    await copyFile(
      new URL('../../web/public/icons/icon-192.png', import.meta.url),
      join(dist, 'icons', 'icon-192.png'),
    );
    const app = await buildApp({ db: t.db, jobs: t.jobs, appUrl: 'http://x', webDistDir: dist });
    try {
      const worker = await app.inject({ url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // A browser checks for a new worker at every visit; the HTTP cache must not answer for it.
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await app.inject({ url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const icon = await app.inject({ url: '/icons/icon-192.png' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      const csp = String(worker.headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    } finally {
      await app.close();
      await rm(dist, { recursive: true });
    }
  });

  it("sends the build's brotli copy of a file to a browser that accepts it", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'wellbank-dist-'));
    await mkdir(join(dist, 'assets'));
    const script = 'console.log("a script long enough to be worth compressing");'.repeat(40);
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Wellbank</title>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), script);
    await writeFile(join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
    const app = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      webDistDir: dist,
    });
    try {
      const url = '/assets/app-1234.js';
      const compressed = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
      await rm(dist, { recursive: true });
    }
  });
});

describe('error handling', () => {
  it('never answers user input with a 500: a NUL character is refused with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email: 'a\u0000b@c.de', password: 'secret-pass' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers a path the router refuses (bad escape, id over 100 characters) 404 {error}', async () => {
    const paths = [
      '/api/v1/schools/%E0%A4%A',
      '/api/v1/users/%',
      `/api/v1/teams/${'1'.repeat(101)}`,
    ];
    for (const url of paths) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: MESSAGES.notFound });
    }
  });

  it('answers a body that is not an object with 422 and an unknown media type with 415', async () => {
    const array = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: [] });
    expect(array.statusCode).toBe(422);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<school/>',
    });
    expect(text.statusCode).toBe(415);
    expect(Object.keys(text.json())).toEqual(['error']);
  });

  it('hides the message of a server error and reports it', async () => {
    const reported: unknown[] = [];
    const failingDb = new Proxy({} as typeof t.db, {
      get() {
        throw new Error('connection to 10.0.0.5 refused (secret detail)');
      },
    });
    const app = await buildApp({
      db: failingDb,
      jobs: t.jobs,
      appUrl: 'http://x',
      reportError: (error) => reported.push(error),
    });
    const response = await app.inject({ url: '/api/v1/schools/1' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: MESSAGES.serverError });
    expect(response.body).not.toContain('secret');
    expect(reported).toHaveLength(1);
  });
});

describe('openDatabase', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wellbank-data-'));
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `Another Wellbank server (pid ${process.pid} on ${hostname()}) is already using DATA_DIR=${dataDir} (stop it first)`,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
    await rm(dataDir, { recursive: true });
    // Two embedded databases made and migrated from nothing: past 30 s on a busy machine.
  }, 120_000);
});

describe('parseEnv', () => {
  it('fills the defaults', () => {
    const result = parseEnv({});
    expect(result).toMatchObject({
      ok: true,
      env: {
        PORT: 3000,
        MAIL_FROM: 'Wellbank <no-reply@wellbank.local>',
      },
    });
    expect(result.ok && result.env.DATA_DIR).toBe(join(process.cwd(), 'data'));
    // Unset stays unset, so links can follow the request's origin (decision 0004).
    expect(result.ok && result.env.APP_URL).toBeUndefined();
  });

  it('keeps APP_URL without its trailing slashes', () => {
    const result = parseEnv({ APP_URL: 'https://wellbank.example.org/' });
    expect(result.ok && result.env.APP_URL).toBe('https://wellbank.example.org');
  });

  it('resolves DATA_DIR from the directory npm was started in', () => {
    const result = parseEnv({ INIT_CWD: '/srv/wellbank', DATA_DIR: 'state' });
    expect(result.ok && result.env.DATA_DIR).toBe('/srv/wellbank/state');
  });

  it('believes no proxy by default, and the listed proxies or all when told', () => {
    const trustProxy = (value?: string) => {
      const result = parseEnv(value === undefined ? {} : { TRUST_PROXY: value });
      return result.ok ? result.env.TRUST_PROXY : result.message;
    };
    expect(trustProxy()).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(trustProxy('10.0.0.1,load-balancer')).toMatch(/TRUST_PROXY: must be true or a/);
  });

  it('names every invalid variable, on one line', () => {
    const result = parseEnv({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: '',
      METRICS_TOKEN: 'short',
      SHUTDOWN_TIMEOUT_MS: '-1',
    });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    for (const name of ['PORT', 'DATABASE_URL', 'METRICS_TOKEN', 'SHUTDOWN_TIMEOUT_MS']) {
      expect(message).toContain(`${name}: must`);
    }
    expect(message).not.toMatch(/SMTP_URL/);
    expect(message).not.toContain('\n');
  });

  it('waits 10 s for a shutdown and leaves /metrics off by default', () => {
    const result = parseEnv({});
    expect(result.ok && result.env.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(result.ok && result.env.METRICS_TOKEN).toBeUndefined();
  });
});

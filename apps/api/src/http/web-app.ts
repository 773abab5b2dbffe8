import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The last path segment ends in an extension: `/robots.txt`, `/sw.js`, `/.env`. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Whether an unknown path gets index.html (a page route, which the browser's router shows) or a
 * 404 `{error}`. A path that names a file is never a page: a missing asset (an old build's chunk
 * after a deploy) would otherwise run index.html as a script and fail with a confusing MIME
 * error, and `/manifest.json` or `/sw.js` would answer a page with 200 to a browser or a scanner.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    !path.startsWith('/assets/') &&
    !FILE_NAME.test(path)
  );
}

/**
 * Serves the built web app in `distDir`. Vite's hashed assets are cached for good; index.html
 * never is, so a deploy shows up on the next load.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(reply, path) {
      const isHashedAsset = path.startsWith(join(distDir, 'assets'));
      reply.header(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

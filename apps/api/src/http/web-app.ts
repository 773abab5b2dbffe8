import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app, if there is one. Vite's hashed assets are cached for good;
 * index.html never is, so a deploy shows up on the next load. Returns whether it is served.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
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
  return true;
}

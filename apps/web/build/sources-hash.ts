import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What a production build of the web app is made of, relative to the repository root: the web
 * app's folder (its sources, index.html, public/, Vite and TypeScript config, any .env file), the
 * domain package it bundles, the lock file that fixes every dependency's version and the shared
 * TypeScript options. Build output, installed packages and the browser tests are not inputs.
 */
const INPUTS = ['apps/web', 'packages/domain', 'package-lock.json', 'tsconfig.base.json'];
const NOT_INPUTS = new Set(['apps/web/dist', 'apps/web/e2e', 'node_modules']);

/** Where a build records the hash of the sources it was made from (Vite's metadata folder). */
const BUILT_FROM_FILE = '.vite/sources-hash';

function isInput(path: string): boolean {
  return !NOT_INPUTS.has(path) && !NOT_INPUTS.has(basename(path));
}

/** Every file under `path` (or `path` itself), as paths relative to `root`. */
function filesUnder(root: string, path: string): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true })
    .map((entry) => ({ entry, path: join(path, entry.name) }))
    .filter(({ path }) => isInput(path))
    .flatMap(({ entry, path }) => {
      if (entry.isDirectory()) return filesUnder(root, path);
      return entry.isFile() ? [path] : [];
    });
}

/**
 * A SHA-256 of every input file's path and content, and of the VITE_* variables Vite compiles
 * into the bundle: equal hashes mean a new build would come out the same.
 */
export function webSourcesHash(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  const viteVariables = Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(viteVariables));
  return hash.digest('hex');
}

/** The sources hash a finished build in `distDir` recorded, if there is one. */
export function builtFromHash(distDir: string): string | undefined {
  const file = join(distDir, BUILT_FROM_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Records in the build which sources it was made from, once every file is written (after the
 * compressed copies), so `npm start` can skip rebuilding them (build-if-changed.ts). A failed
 * build writes nothing, and Vite empties the folder first, so a half-built folder has no record.
 * The hash is taken when the build starts: a file saved during the build is not claimed as built.
 */
export function recordSourcesHash(root: string): Plugin {
  let sourcesHash = '';
  return {
    name: 'wellbank-record-sources-hash',
    apply: 'build',
    buildStart() {
      sourcesHash = webSourcesHash(root, process.env);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler({ dir = 'dist' }) {
        const file = join(dir, BUILT_FROM_FILE);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, sourcesHash);
      },
    },
  };
}

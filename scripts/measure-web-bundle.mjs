#!/usr/bin/env node
/**
 * The JavaScript a cold visit to a route downloads, in gzip bytes
 * (docs/decisions/0018-web-bundle-budget.md).
 *
 * Reads apps/web/dist (build it first: `npm run build -w @wellbank/web`): the entry script of
 * index.html and its static imports from the Vite manifest (dist/.vite/manifest.json), plus, per
 * route, the lazy modules the router loads for it (ROUTE_MODULES in
 * apps/web/src/lib/platform/first-load.ts, which index.html's landing preload reads too) and their
 * static imports. Chunks are counted once. Gzip is zlib's default level (6), as most servers and
 * Vite's own report use.
 *
 * Usage: node scripts/measure-web-bundle.mjs [--json] [--dist DIR]   (exit code 1 when /login or
 * /dashboard is over budget). --dist reads another build than apps/web/dist (`npm run bench`
 * builds its own).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTE_MODULES } from '../apps/web/src/lib/platform/first-load.ts';
import { WEB_BUDGETS } from './web-budgets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distFlag = process.argv.indexOf('--dist');
const dist = distFlag > 0 ? process.argv[distFlag + 1] : join(root, 'apps/web/dist');
/** In the same decimal kilobytes as Vite's build report (decisions 0018, 0028 and 0033). */
const BUDGETS = WEB_BUDGETS;

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w @wellbank/web\` (build.manifest on).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// The entry is the module script that index.html loads.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entrySrc = html.match(/<script type="module"[^>]*src="\/?([^"]+)"/)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key].file === entrySrc);
if (!entryKey) throw new Error(`index.html's entry script ${entrySrc} is not in the manifest`);

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    const code = readFileSync(join(dist, file));
    gzipCache.set(file, { raw: code.length, gzip: gzipSync(code).length });
  }
  return gzipCache.get(file);
}

/** A manifest entry's chunk and every chunk it imports statically, transitively. */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the manifest (renamed? see lib/platform/first-load.ts)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const results = {};
for (const [route, lazyModules] of Object.entries(ROUTE_MODULES)) {
  const files = collect(entryKey);
  for (const key of lazyModules) collect(key, files);
  const chunks = [...files].map((file) => ({ file, ...gzipBytes(file) }));
  chunks.sort((a, b) => b.gzip - a.gzip);
  const gzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const raw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  results[route] = { gzip, raw, chunks };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const [route, { gzip, raw, chunks }] of Object.entries(results)) {
    console.log(
      `${route.padEnd(11)} ${kb(gzip).padStart(9)} gzip  (${kb(raw)} raw, ${chunks.length} chunks)`,
    );
    for (const chunk of chunks) {
      console.log(`  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
    }
  }
  for (const [route, bytes] of Object.entries(BUDGETS)) {
    console.log(`budget: ${route} ≤ ${kb(bytes)} gzip`);
  }
}
for (const [route, bytes] of Object.entries(BUDGETS)) {
  if (results[route].gzip > bytes) process.exitCode = 1;
}

// An English visit downloads no translation (decision 0033): the catalogs (.po) load on demand.
const catalogFiles = new Set(
  Object.entries(manifest)
    .filter(([key]) => key.endsWith('.po'))
    .map(([, chunk]) => chunk.file),
);
for (const [route, { chunks }] of Object.entries(results)) {
  const catalogs = chunks.filter((chunk) => catalogFiles.has(chunk.file));
  if (catalogs.length > 0) {
    console.error(`${route} loads a catalog at once: ${catalogs.map((c) => c.file).join(', ')}`);
    process.exitCode = 1;
  }
}

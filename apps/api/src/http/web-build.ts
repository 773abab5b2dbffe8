import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the Content-Security-Policy must allow for the built web app to run. */
export interface WebBuildSources {
  /** `'sha256-…'` of each inline script of index.html (the landing preload). */
  inlineScriptHashes: string[];
  /** Origins the bundle sends requests to besides its own (Sentry's ingest, when built with one). */
  connectOrigins: string[];
}

/** Written by apps/web/vite.config.ts's `contentSources` plugin. */
const CONTENT_SOURCES_FILE = 'content-sources.json';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Hashes the inline scripts of the index.html that is served, at start: the hash is of the very
 * bytes the browser gets, so no later build step, hand edit or other WEB_DIST_DIR can make the
 * policy disagree with the page (a hash written by the build could go stale in any of those).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

async function readConnectOrigins(distDir: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(join(distDir, CONTENT_SOURCES_FILE), 'utf8');
  } catch (error) {
    // A build from before the file existed: its bundle talks to no one but us.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const origins: unknown = JSON.parse(text).connect;
  return Array.isArray(origins) ? origins.filter((item) => typeof item === 'string') : [];
}

/** The sources of the built web app in `distDir`, or undefined when there is no build. */
export async function readWebBuildSources(distDir: string): Promise<WebBuildSources | undefined> {
  let html: string;
  try {
    html = await readFile(join(distDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  return {
    inlineScriptHashes: inlineScriptHashes(html),
    connectOrigins: await readConnectOrigins(distDir),
  };
}

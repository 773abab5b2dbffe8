import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { EARLY_RESPONSES_KEY } from './src/lib/platform/early-responses.ts';

/** What a first visit shows, signed in or signed out (app/router.tsx). */
export interface LandingPages {
  /** Paths whose first screen is one of the two below (their redirects in app/router.tsx). */
  paths: readonly string[];
  signedIn: {
    /** Page modules, as app/router.tsx imports them. */
    modules: readonly string[];
    /** GETs under /api/v1 the page makes first; `{id}` is the signed-in user's id. */
    requests: readonly string[];
  };
  signedOut: { modules: readonly string[] };
  /** localStorage key of the session in a build mode (lib/platform/session.ts). */
  sessionKey: (mode: string) => string;
}

type Chunk = Rolldown.OutputChunk;

/** A chunk and every chunk it imports statically, transitively. */
function staticGraph(chunk: Chunk, byFile: Map<string, Chunk>, seen = new Set<string>()) {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) staticGraph(imported, byFile, seen);
  }
  return seen;
}

/** The script files a page module needs besides what index.html already loads. */
function pageFiles(modules: readonly string[], chunks: Chunk[], root: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('landing-preload: the build has no entry chunk');
  const loaded = staticGraph(entry, byFile);
  const files = new Set<string>();
  for (const module of modules) {
    const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, module));
    if (!page) throw new Error(`landing-preload: no chunk for ${module} (renamed?)`);
    for (const file of staticGraph(page, byFile)) if (!loaded.has(file)) files.add(`/${file}`);
  }
  return [...files];
}

/**
 * Page modules are lazy (app/router.tsx), so the browser would find the landing page's chunks only
 * after the entry script has downloaded and run: one more round trip on a slow phone before
 * anything paints; the page's data would follow one more round trip later. This writes a small
 * inline script into index.html that asks for the chunks as modulepreloads while the entry
 * downloads and, signed in, sends the page's first GETs (lib/platform/early-responses.ts hands them
 * to lib/platform/api-client.ts). Whether the visitor is signed in (the dashboard) or not (the
 * login page) is only known in the browser, which keeps the session in localStorage, hence a script
 * rather than the server adding <link> tags.
 */
export function landingPreload(pages: LandingPages): Plugin {
  let root = process.cwd();
  let sessionKey = '';
  return {
    name: 'wellbank-landing-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      sessionKey = pages.sessionKey(config.mode);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
        const signedIn = pageFiles(pages.signedIn.modules, chunks, root);
        const signedOut = pageFiles(pages.signedOut.modules, chunks, root);
        // An unread failed request must not be an "uncaught" error, hence the empty catch.
        const script = `(() => {
  if (!${JSON.stringify(pages.paths)}.includes(location.pathname)) return;
  let session = null;
  try { session = JSON.parse(localStorage.getItem(${JSON.stringify(sessionKey)})); } catch {}
  const token = typeof session?.token === 'string' ? session.token : null;
  for (const href of token ? ${JSON.stringify(signedIn)} : ${JSON.stringify(signedOut)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (!token) return;
  const early = (window.${EARLY_RESPONSES_KEY} = {});
  for (const template of ${JSON.stringify(pages.signedIn.requests)}) {
    const path = template.replace('{id}', session.id);
    const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    const response = fetch('/api/v1' + path, { headers });
    response.catch(() => {});
    early[path] = { token, response };
  }
})();`;
        if (!html.includes('<script type="module"')) throw new Error('landing-preload: no entry');
        // Before the stylesheet: a classic script waits for the stylesheets above it.
        return html.replace('<script type="module"', `<script>${script}</script>\n    $&`);
      },
    },
  };
}

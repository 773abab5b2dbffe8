import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// A relative import, so Vite bundles the TypeScript source instead of asking Node to load it.
import { BRAND_HEX } from '../../packages/domain/src/colors.ts';
import { recordSourcesHash } from './build/sources-hash.ts';
import { landingPreload } from './landing-preload.ts';
import { LANDING_PAGES } from './src/lib/platform/first-load.ts';
import { sessionKey } from './src/lib/platform/session-key.ts';

const LINGUI_CONFIG = fileURLToPath(new URL('../../lingui.config.ts', import.meta.url));

/** Writes the theme colour into index.html, so the browser chrome matches the app's accent. */
function themeColor(): Plugin {
  return {
    name: 'wellbank-theme-color',
    transformIndexHtml: (html) => html.replaceAll('%THEME_COLOR%', BRAND_HEX.accent),
  };
}

/**
 * TanStack Query's hooks for writes and paged lists, and the (de)hydration only the offline layer's
 * persisted cache uses (decision 0027): no landing page needs them at first.
 */
const LATER_QUERY_MODULES =
  /[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver|useMutationState|hydration)\.js$/;

/** The pieces of a form page the dashboard does not show: fields, error box, lazy validation. */
const FORM_MODULES =
  /apps\/web\/src\/(components\/ui\/(text-field|field-message|error-box)\.tsx|lib\/platform\/lazy-resolver\.ts)$/;

/**
 * The signed-in landing page's own code: the frame (query client, header), the dashboard and the
 * day view it shares with a past day's page and the entry pages. Not the lazy route modules
 * themselves (the landing preload finds them by their own chunks). No public page imports any of
 * it (the measure would show it on /login).
 */
const DASHBOARD_MODULES = new RegExp(
  [
    String.raw`packages/domain/src/(dashboard-texts|format|money|date-formats|activity-limits|activities|balance|card-lines)\.ts`,
    String.raw`apps/web/src/(app/query-client|i18n/formats)\.ts`,
    String.raw`apps/web/src/lib/day/(day-view|day-activities|activity-labels|activity-icons|day-theme)\.ts`,
    String.raw`apps/web/src/lib/platform/(shell-queries|first-requests|current-user)\.ts`,
    String.raw`apps/web/src/components/(day/(balance-summary|category-card)|ui/spinner)\.tsx`,
    String.raw`apps/web/src/features/shell/(components/(app-header|policy-consent-prompt)\.tsx|api/policy-consent\.ts)`,
    String.raw`apps/web/src/features/dashboard/components/log-menu\.tsx`,
    String.raw`lucide-react/.*/(loader-circle|party-popper|brain|cloud-lightning|droplets|dumbbell|moon|salad|shower-head|sparkles|sun|plus|menu|star|trophy)\.mjs`,
  ]
    .map((path) => `(${path})`)
    .join('|')
    .concat('$'),
);

const COMPRESSIBLE = /\.(js|css|html|svg)$/;

/**
 * Writes a .br and a .gz copy beside every text file of the build, which the server sends to
 * browsers that accept them (@fastify/static's preCompressed): a phone on a slow network then
 * downloads about a third of the bytes (Lighthouse's "enable text compression"), and the server
 * spends no time compressing per request.
 */
function precompress(): Plugin {
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'wellbank-precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      const written = files.map(async (name) => {
        const content = await readFile(join(dir, name));
        const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        await writeFile(join(dir, `${name}.br`), await toBrotli(content, brotliOptions));
        await writeFile(join(dir, `${name}.gz`), await toGzip(content, { level: 9 }));
      });
      await Promise.all(written);
    },
  };
}

/**
 * Writes dist/content-sources.json, the origins the bundle sends requests to besides its own, for
 * the server's Content-Security-Policy (apps/api/src/http/web-build.ts reads it): Sentry's ingest
 * when the build has VITE_SENTRY_DSN (src/lib/platform/sentry.ts), else none.
 */
function contentSources(): Plugin {
  let sentryDsn: string | undefined;
  return {
    name: 'wellbank-content-sources',
    apply: 'build',
    configResolved(config) {
      sentryDsn = config.env.VITE_SENTRY_DSN;
    },
    generateBundle() {
      const connect = sentryDsn ? [new URL(sentryDsn).origin] : [];
      const source = JSON.stringify({ connect });
      this.emitFile({ type: 'asset', fileName: 'content-sources.json', source });
    },
  };
}

/**
 * The installable app (issue #14, decision 0027): the web app manifest and the service worker
 * (src/sw/sw.ts, injectManifest), which precaches the shell and every route chunk. The app
 * registers the worker itself after the first paint (lib/platform/offline/service-worker.ts), so
 * the plugin injects no script; it adds the manifest's <link> to index.html.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/dashboard',
      name: 'Wellbank',
      short_name: 'Wellbank',
      description: 'Log your healthy habits and earn points with your school.',
      lang: 'en',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND_HEX.accent,
      background_color: BRAND_HEX.accent,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The bundle's budget file and the server's CSP input are not the app.
      globIgnores: ['.vite/**', 'content-sources.json', 'sw.js'],
    },
  });
}

export default defineConfig({
  plugins: [
    // Lingui's macros (`t`, `Trans`) become catalog lookups before React's transform sees them.
    // They keep each message's English text beside its id (decision 0033): English needs no
    // catalog, and a page's English stays in that page's lazy chunk instead of the first load.
    babel({
      presets: [
        linguiTransformerBabelPreset(
          { descriptorFields: 'message' },
          { configPath: LINGUI_CONFIG },
        ),
      ],
    }),
    react(),
    lingui({ configPath: LINGUI_CONFIG, failOnCompileError: true }),
    tailwindcss(),
    themeColor(),
    landingPreload({ ...LANDING_PAGES, sessionKey }),
    contentSources(),
    installableApp(),
    precompress(),
    recordSourcesHash(fileURLToPath(new URL('../..', import.meta.url))),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest lets scripts/measure-web-bundle.mjs follow each route's chunks.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser we support has modulepreload; the polyfill would cost every page 0.5 kB gzip.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query in one chunk (only lazy pages use it) instead of a piece per set of
          // pages, five small requests for the dashboard. React, which it imports, stays in the
          // entry. Mutations and paged lists stay with the pages that use them: the dashboard
          // does neither before its first paint (decision 0028, ≈ 1.3 kB gzip).
          groups: [
            {
              name: 'tanstack-query',
              test: (id) =>
                /node_modules[\\/]@tanstack[\\/]/.test(id) && !LATER_QUERY_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // The dashboard's first load in one chunk instead of twenty small ones, each
              // gzipped alone (≈ 3 kB more, and more requests): decision 0028. Other signed-in
              // pages load it too (they need the frame and most of it anyway).
              name: 'dashboard',
              test: (id) => DASHBOARD_MODULES.test(id.replaceAll('\\', '/')),
              includeDependenciesRecursively: false,
            },
            {
              // The form pieces of the public pages (login, sign-up, password reset) in one chunk
              // rather than four, each gzipped alone (0.3 kB more on /login, measured).
              name: 'form',
              test: (id) => FORM_MODULES.test(id.replaceAll('\\', '/')),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});

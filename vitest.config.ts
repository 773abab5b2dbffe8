import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run demo's seed (scripts/demo), on the API's test databases.
        test: {
          name: 'demo',
          root: 'scripts/demo',
          include: ['*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        // npm run bench's own parts (scripts/bench) that can be wrong without a server to measure.
        test: {
          name: 'bench',
          root: 'scripts/bench',
          include: ['*.test.ts'],
        },
      },
      {
        // npm run test:cluster: nginx and three real servers (docs/scaling.md); not in npm test.
        test: {
          name: 'cluster',
          root: 'scripts/cluster',
          include: ['*.test.ts'],
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        // Lingui's macros as in the build (apps/web/vite.config.ts): English kept in the code.
        plugins: [
          babel({
            presets: [
              linguiTransformerBabelPreset(
                { descriptorFields: 'message' },
                { configPath: LINGUI_CONFIG },
              ),
            ],
          }),
          lingui({ configPath: LINGUI_CONFIG }),
        ],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
          // Browser code reads localStorage, window events and fetch: a DOM without a browser.
          environment: 'happy-dom',
        },
      },
    ],
  },
});

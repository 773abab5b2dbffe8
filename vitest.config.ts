import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

/** The API test files that replace a module with vi.mock (they count the password checks). */
const API_MOCKING_FILES = [
  'src/modules/auth/login-limits.test.ts',
  'src/modules/auth/reset-password-limits.test.ts',
  'src/security/account-abuse.test.ts',
];

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
        // Test files share each worker's imported modules (isolate: false): every file still opens
        // its own database and app, and the app's modules load once per worker instead of once
        // per file, which was most of the suite's time. The files that replace a module with
        // vi.mock need a module graph of their own, and run in `api-mocks`.
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: API_MOCKING_FILES,
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-mocks',
          root: 'apps/api',
          include: API_MOCKING_FILES,
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

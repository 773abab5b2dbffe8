import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One i18n library for every text a user reads (decision 0033). English is the source language:
 * its texts are SPEC.md's, written in the code; the catalogs hold the translations. Two catalogs
 * per language: the domain's and the API's texts (read by the server and the web alike), and the
 * web app's own.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ origins: false }),
  catalogs: [
    {
      path: '<rootDir>/packages/domain/locales/{locale}',
      include: ['<rootDir>/packages/domain/src', '<rootDir>/apps/api/src'],
      exclude: ['**/*.test.ts', '**/test/**'],
    },
    {
      path: '<rootDir>/apps/web/src/locales/{locale}',
      include: ['<rootDir>/apps/web/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});

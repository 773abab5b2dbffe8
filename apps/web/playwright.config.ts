import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, DISTRICT_ENV, DISTRICT_ISSUER } from './e2e/support/district.ts';

const port = APP_PORT;
const baseURL = `http://localhost:${port}`;
// One data directory per run, shared with the workers through the environment so that tests can
// read the mail the server wrote to DATA_DIR/outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'wellbank-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: '../../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Two workers, the server and Chromium share 2 cores (load ~12): a flow with sign-ups, axe and
  // screenshots passes in 15–35 s there, so 30 s failed tests that were only slow.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    // The phone is where its school is: every test school is in Denver (support/accounts.ts).
    // The pages count days by the school's calendar (past-days.spec.ts checks a phone set to
    // another zone); dates the tests type or compare are Denver's.
    timezoneId: 'America/Denver',
    screenshot: 'only-on-failure',
    // Recording a trace (snapshots and a screencast of every test, kept only on failure) took a
    // fifth of the suite's time on 2 cores; E2E_TRACE=on records them to look into a failure.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    // The district's OpenID provider on loopback, which the app's district sign-in uses (issue 33).
    {
      command: 'node apps/web/e2e/support/district-server.ts',
      cwd: '../..',
      url: `${DISTRICT_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npm run start -w @wellbank/api',
      cwd: '../..',
      url: `${baseURL}/api/v1/openapi.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // No APP_URL, as `npm start` runs: links follow the address the browser used.
        LOG_LEVEL: 'warn',
        // Parallel runs on one machine build and serve their own copy of the web app.
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
        ...DISTRICT_ENV,
      },
    },
  ],
});

#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a phone screen, simulated slow 4G
 * and a 4× slower CPU) of /login and of a paid school's /dashboard, in Debian's Chromium.
 *
 * Builds the web app into a temporary folder and serves it with the API on a free port and a
 * temporary DATA_DIR, so it neither touches ./data nor races other builds of apps/web/dist. Each
 * run gets a fresh browser (a cold cache, as on a first visit); the dashboard's browser is given
 * the signed-in session in localStorage first, where the web app keeps it.
 *
 * Usage: node scripts/lighthouse.mjs [--runs N]   (median of N runs per page, default 3). Exit
 * code 1 when a median is below its target. Reports:
 * test-results/lighthouse/{page}-{run}.report.html.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sessionKey } from '../apps/web/src/lib/platform/session-key.ts';
import { signUpPaidSchool, startApp } from './lighthouse/app.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const CATEGORIES = Object.keys(TARGETS);
const SESSION_KEY = sessionKey('production');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const REPORTS = join(import.meta.dirname, '../test-results/lighthouse');

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;

/** Stores the session the way the web app does, on a same-origin page that loads no assets. */
async function signInBrowser(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/api/v1/openapi.json`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify(session)],
  );
  await page.close();
  await browser.close();
}

async function audit(url, { session, origin, report }) {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    if (session) await signInBrowser(chrome.port, origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Keeps the session stored above; the fresh browser profile already has a cold cache.
      disableStorageReset: Boolean(session),
    });
    writeFileSync(join(REPORTS, `${report}.report.html`), result.report);
    if (!result.lhr.finalDisplayedUrl.endsWith(new URL(url).pathname)) {
      throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}`);
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr, id) => Math.round(lhr.categories[id].score * 100);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The metrics behind a performance score, and the CPU benchmark of the machine at the time. */
function describeRun(lhr, index) {
  const metric = (id) => lhr.audits[id].displayValue;
  return (
    `    run ${index + 1}: FCP ${metric('first-contentful-paint')}, ` +
    `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
    `CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')} ` +
    `(benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`
  );
}

/** Audits that cost points, so a score below target says why. */
function shortfalls(lhr) {
  return CATEGORIES.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `    ${id}: ${a.id} (${a.score}) ${a.displayValue ?? ''} – ${a.title}`),
  );
}

/** Prints the median score per category against its target; returns whether all are met. */
function report(path, runs) {
  console.log(`${path} (median of ${runs.length} runs, mobile)`);
  let met = true;
  for (const id of CATEGORIES) {
    const scores = runs.map((lhr) => score(lhr, id));
    const below = median(scores) < TARGETS[id];
    met &&= !below;
    console.log(
      `  ${id.padEnd(15)} ${String(median(scores)).padStart(3)}  target ≥ ${TARGETS[id]}` +
        `${below ? '  BELOW TARGET' : ''}   runs: ${scores.join(', ')}`,
    );
  }
  // A busy machine (a low benchmarkIndex) spends longer on the same JavaScript: compare runs.
  console.log(runs.map(describeRun).join('\n'));
  const performance = median(runs.map((lhr) => score(lhr, 'performance')));
  const typical = runs.find((lhr) => score(lhr, 'performance') === performance);
  const lost = shortfalls(typical);
  if (lost.length > 0) console.log(`  points lost in the median run:\n${lost.join('\n')}`);
  return met;
}

async function main() {
  mkdirSync(REPORTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'wellbank-lighthouse-'));
  const app = await startApp(dataDir);
  let failed = false;
  try {
    const session = await signUpPaidSchool(app.origin);
    const pages = [
      { path: '/login', name: 'login' },
      { path: '/dashboard', name: 'dashboard', session },
    ];
    for (const page of pages) {
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const options = { ...page, origin: app.origin, report: `${page.name}-${run}` };
        runs.push(await audit(`${app.origin}${page.path}`, options));
      }
      failed = !report(page.path, runs) || failed;
    }
    console.log(`Reports: ${REPORTS}`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();

/**
 * `npm run bench`: seeds a throw-away database on the local PostgreSQL server and measures the
 * API under load, issue 4's server times, query plans and the web bundle (docs/performance.md).
 * Node runs this TypeScript as it is, stripping the types, as it runs the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { createBenchDatabase } from './bench-database.ts';
import { probeBigSchool } from './big-school-probes.ts';
import { watchDatabaseCpu } from './database-cpu.ts';
import { measureSchoolExports } from './export-figures.ts';
import { atFixedLoad, measureServers, type ServerFigures } from './load-scenarios.ts';
import { statementsMissingFromBaseline } from './mirror-check.ts';
import { parseBenchOptions } from './options.ts';
import { explainProductQueries } from './query-plans.ts';
import { measureReminders } from './reminder-figures.ts';
import { type BenchResults, formatReport } from './report.ts';
import { measureRoster } from './roster-figures.ts';
import {
  type BigSchool,
  seedBigSchool,
  seedSmallSchools,
  seedWeeklyCohort,
  settleDatabase,
  vacuumAnalyze,
} from './seed-data-set.ts';
import { seedActivitiesFromSummaries } from './seed-history.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { measureWebBundle } from './web-bundle.ts';
import { measureWeeklyFigures } from './weekly-figures.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const options = parseBenchOptions(process.argv.slice(2));
const runs = (section: string) => !options.skip.has(section);
const work = mkdtempSync(join(tmpdir(), 'wellbank-bench-'));
const cleanups: (() => Promise<void>)[] = [
  async () => rmSync(work, { recursive: true, force: true }),
];
const benchStarted = performance.now();

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  console.log(`▸ ${name}`);
  const started = performance.now();
  const result = await action();
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

/** Starts a server and makes sure it is stopped, even when the bench fails half-way. */
async function started(options_: Parameters<typeof startServer>[0]): Promise<ServerProcess> {
  const server = await startServer(options_);
  cleanups.push(() => server.stop());
  return server;
}

/** `--cpu-prof DIR`: a V8 CPU profile of each server in DIR/<server>, written when it stops. */
function profiled(server: string): string[] {
  return options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(options.cpuProf, server)}`] : [];
}

/** As in production: `LOG_LEVEL` defaults to info, which logs every request. */
const appEnv = { NODE_ENV: 'production', LOG_LEVEL: 'info' };

const loadOptions = {
  connections: options.connections,
  warmupSeconds: options.warmupSeconds,
  durationSeconds: options.durationSeconds,
};

/**
 * A short warm-up at the fixed rate first: a server that sat idle while the other was measured has
 * let its pool's idle connections go (pg's 10 s), and reopening them (and preparing the app's
 * statements on each) made the first 300 ms of the app's first slice its whole write p99.
 */
const fixedLoadOptions = {
  connections: options.connections,
  warmupSeconds: 2,
  durationSeconds: options.fixedLoadSeconds,
  scenarios: options.scenarios,
};

async function main(): Promise<BenchResults> {
  const database = await createBenchDatabase(options.serverUrl, { keep: options.keepDatabase });
  cleanups.push(() => database.dispose());
  const db = database.db;
  const [postgres] = await queryRows<{ version: string }>(db, sql`select version()`);
  const results: BenchResults = {
    machine: {
      date: new Date().toISOString(),
      cpus: String(availableParallelism()),
      memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
      node: process.version,
      postgresql: postgres?.version.split(' on ')[0] ?? 'unknown',
      'load average at start (1/5/15 min)': loadavg()
        .map((value) => value.toFixed(2))
        .join(' / '),
      database: database.name,
    },
    dataSet: {},
    servers: [],
    fixedLoad: [],
    probes: [],
    plans: [],
  };

  const small = await step('seeding the schools', () => seedSmallSchools(db, options));
  let big: BigSchool | undefined;
  if (runs('issue4') || runs('plans') || options.exports) {
    big = (await step('seeding the big school', () => seedBigSchool(db, options))).school;
  }
  const exportSchools =
    options.exports && big
      ? [
          {
            school: `small (${options.usersPerSchool} users)`,
            schoolId: small.schools[0]?.id ?? 0,
          },
          { school: 'big (Bench High)', schoolId: big.id },
        ]
      : [];
  // The small schools have their activities from seedSmallSchools; the big school's are only for
  // its export.
  if (exportSchools.length > 0 && big) {
    const bigSchoolId = big.id;
    await step("seeding the big school's activities", () =>
      seedActivitiesFromSummaries(db, [bigSchoolId]),
    );
  }
  const weekly = runs('weekly')
    ? await step('seeding the weekly cohort', () => seedWeeklyCohort(db, options.weeklyUsers))
    : undefined;
  await step('vacuum analyze', () => vacuumAnalyze(db));
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from schools) as schools, (select count(*)::int from users) as users,
      (select count(*)::int from daily_summaries) as daily_summaries,
      (select count(*)::int from auth_sessions) as sessions`,
  );
  results.dataSet = {
    'data set': Object.entries(counts ?? {})
      .map(([key, value]) => `${value} ${key}`)
      .join(', '),
    'seeding time': `${((performance.now() - benchStarted) / 1000).toFixed(0)} s`,
  };

  if (runs('load') || runs('issue4') || exportSchools.length > 0) {
    const app = await step('starting the app on PostgreSQL', () =>
      started({
        name: 'app (PostgreSQL)',
        script: join(ROOT, 'apps/api/src/server.ts'),
        env: { ...appEnv, DATABASE_URL: database.url, DATA_DIR: join(work, 'app-data') },
        logFile: join(work, 'app-postgres.log'),
        readyPath: '/api/v1/openapi.json',
        nodeArgs: profiled('app'),
      }),
    );
    if (runs('load')) {
      const missing = await statementsMissingFromBaseline(
        database.url,
        small.driven.tokens[0] ?? '',
      );
      if (missing.length > 0) {
        throw new Error(
          'The app sends statements the baseline does not run, so the comparison would be ' +
            'unfair. Copy them into scripts/bench/baseline-statements.ts and run them in the ' +
            `same order in baseline-server.ts (or use --skip load):\n${missing.join('\n')}`,
        );
      }
      const baseline = await step('starting the baseline', () =>
        started({
          name: 'baseline (node:http + pg)',
          script: join(ROOT, 'scripts/bench/baseline-server.ts'),
          env: { DATABASE_URL: database.url },
          logFile: join(work, 'baseline.log'),
          readyPath: '/',
          nodeArgs: profiled('baseline'),
        }),
      );
      const databaseCpu = await watchDatabaseCpu(database.url, database.name);
      cleanups.push(() => databaseCpu.close());
      const figures = await step('load on the app and the baseline, in turns', () =>
        measureServers([app, baseline], {
          ...loadOptions,
          scenarios: options.scenarios,
          tokens: small.driven.tokens,
          databaseCpu,
          settle: () => settleDatabase(db),
        }),
      );
      results.servers.push(...figures);
      const basis = figures.find((figure) => figure.server === baseline.name);
      if (basis) {
        results.fixedLoad.push(
          ...(await step('the app and the baseline at half the baseline’s throughput', () =>
            measureServers([app, baseline], {
              ...fixedLoadOptions,
              rates: atFixedLoad(basis),
              tokens: small.driven.tokens,
              databaseCpu,
              settle: () => settleDatabase(db),
            }),
          )),
        );
      }
      await baseline.stop();
    }
    if (runs('issue4') && big) {
      const school = big;
      results.probes = await step('server time of the big school’s reads', () =>
        probeBigSchool(app.origin, school, options.probeRequests),
      );
    }
    if (exportSchools.length > 0) {
      results.exports = await step('school exports, a small school then the big one', () =>
        measureSchoolExports(db, app, exportSchools),
      );
    }
    await app.stop();
  }
  if (runs('roster')) {
    const dataDir = join(work, 'roster-data');
    const app = await step('starting the app for the roster import', () =>
      started({
        name: 'app (roster)',
        script: join(ROOT, 'apps/api/src/server.ts'),
        env: { ...appEnv, DATABASE_URL: database.url, DATA_DIR: dataDir },
        logFile: join(work, 'app-roster.log'),
        readyPath: '/api/v1/openapi.json',
      }),
    );
    results.roster = await step(`roster import of ${options.rosterRows} rows`, () =>
      measureRoster(app, { dataDir, rows: options.rosterRows }),
    );
    await app.stop();
  }
  if (runs('plans') && big) {
    const subject = {
      schoolId: big.id,
      userId: big.studentIds[0] ?? 0,
      teamId: big.teamIds[0] ?? 0,
    };
    results.plans = await step('query plans', () => explainProductQueries(database.url, subject));
  }
  if (weekly) {
    const figures = await step('weekly figures', () =>
      measureWeeklyFigures(db, {
        schools: weekly.schools,
        serviceUsers: options.weeklyServiceUsers,
      }),
    );
    results.weekly = { ...figures, targetUsers: options.weeklyUsers };
  }
  if (runs('reminders')) {
    // Last on this database: it moves the small schools to one time zone.
    const databaseCpu = await watchDatabaseCpu(database.url, database.name);
    cleanups.push(() => databaseCpu.close());
    const figures = await step('reminders due at one minute', () =>
      measureReminders(database, {
        schools: small.schools,
        users: options.reminderUsers,
        databaseCpu,
      }),
    );
    results.reminders = {
      ...figures,
      loadAverage: loadavg()
        .map((v) => v.toFixed(2))
        .join(' / '),
    };
  }
  if (runs('pglite')) {
    const pglite = await step('the app on PGlite', measurePglite);
    results.servers.push(pglite.saturated);
    results.fixedLoad.push(pglite.atHalf);
  }
  if (runs('web')) {
    results.web = await step('web bundle', () => measureWebBundle(ROOT, join(work, 'web-dist')));
  }
  results.machine['load average at end (1/5/15 min)'] = loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  results.machine['bench run time'] = `${((performance.now() - benchStarted) / 1000).toFixed(0)} s`;
  return results;
}

/**
 * The same load on embedded PGlite: seeded in a temporary DATA_DIR by this process (PGlite allows
 * one process per directory), closed, then served by the app started without DATABASE_URL. Then
 * at half its own saturation throughput (it has no baseline of its own).
 */
async function measurePglite(): Promise<{ saturated: ServerFigures; atHalf: ServerFigures }> {
  const dataDir = join(work, 'pglite-data');
  const seedStarted = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  let tokens: string[];
  try {
    const seeded = await seedSmallSchools(database.db, {
      ...options,
      schools: options.pgliteSchools,
    });
    tokens = seeded.driven.tokens;
    await vacuumAnalyze(database.db);
  } finally {
    await database.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  seeded ${options.pgliteSchools} schools in ${seedSeconds.toFixed(1)} s`);
  const app = await started({
    name: `app (PGlite, ${options.pgliteSchools} schools)`,
    script: join(ROOT, 'apps/api/src/server.ts'),
    env: { ...appEnv, DATABASE_URL: undefined, DATA_DIR: dataDir },
    logFile: join(work, 'app-pglite.log'),
    readyPath: '/api/v1/openapi.json',
    nodeArgs: profiled('pglite'),
  });
  const [figures] = await measureServers([app], {
    ...loadOptions,
    scenarios: options.scenarios,
    tokens,
  });
  if (!figures) throw new Error('no figures for the app on PGlite');
  const [atHalf] = await measureServers([app], {
    ...fixedLoadOptions,
    rates: atFixedLoad(figures),
    tokens,
  });
  await app.stop();
  if (!atHalf) throw new Error('no fixed-load figures for the app on PGlite');
  return { saturated: figures, atHalf };
}

try {
  const results = await main();
  const report = formatReport(results);
  console.log(`\n${report}`);
  if (options.out) {
    writeFileSync(options.out, `${report}\n`);
    console.log(`\nreport written to ${options.out}`);
  }
} finally {
  await cleanUp();
}

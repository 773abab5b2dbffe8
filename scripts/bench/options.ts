import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIOS, type Scenario } from './load.ts';

/** Every size and duration of the bench; `--quick` shrinks them for a trial run. */
export interface BenchOptions {
  serverUrl: string;
  schools: number;
  usersPerSchool: number;
  /** Days of history for the users of the small schools (yesterday's summary feeds the streak). */
  schoolHistoryDays: number;
  bigSchoolStudents: number;
  bigSchoolHistoryDays: number;
  /** Users with a session token; the load scenarios spread their requests over all of them. */
  drivenUsers: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Measured time per scenario and server at the fixed offered load (open loop). */
  fixedLoadSeconds: number;
  /** Sequential requests per endpoint for the server-time figures of issue 4. */
  probeRequests: number;
  weeklyUsers: number;
  /** Users whose weekly snapshot is also computed through the snapshot service (0 skips it). */
  weeklyServiceUsers: number;
  pgliteSchools: number;
  /** Users due for a reminder at the same minute (issue 15 §6), from the small schools. */
  reminderUsers: number;
  /** Rows of the roster CSV the roster section previews and imports (issue 16). */
  rosterRows: number;
  skip: Set<string>;
  /** The load scenarios to run, in this order (`--scenarios read` to study reads alone). */
  scenarios: Scenario[];
  keepDatabase: boolean;
  /** `--exports`: also time the school export of a small school and the big one (issue 13). */
  exports: boolean;
  out: string | undefined;
  /** Directory for V8 CPU profiles of the servers (`node --cpu-prof`), to see where time goes. */
  cpuProf: string | undefined;
}

const SECTIONS = [
  'load',
  'pglite',
  'issue4',
  'weekly',
  'plans',
  'web',
  'reminders',
  'roster',
] as const;

const FULL = {
  schools: 20,
  'users-per-school': 500,
  'school-history-days': 14,
  'big-school-students': 5000,
  'big-school-history-days': 90,
  'driven-users': 2000,
  connections: 64,
  warmup: 5,
  duration: 60,
  'fixed-load-duration': 30,
  'probe-requests': 300,
  'weekly-users': 100_000,
  'weekly-service-users': 10_000,
  'pglite-schools': 4,
  'reminder-users': 10_000,
  'roster-rows': 5000,
};

const QUICK: typeof FULL = {
  schools: 4,
  'users-per-school': 200,
  'school-history-days': 7,
  'big-school-students': 500,
  'big-school-history-days': 30,
  'driven-users': 300,
  connections: 16,
  warmup: 1,
  duration: 3,
  'fixed-load-duration': 3,
  'probe-requests': 50,
  'weekly-users': 5000,
  'weekly-service-users': 1000,
  'pglite-schools': 2,
  'reminder-users': 1000,
  'roster-rows': 500,
};

const USAGE = `usage: npm run bench -- [--quick] [--skip ${SECTIONS.join(',')}] [--scenarios ${SCENARIOS.join(',')}] [--keep-database] [--exports]
  [--server-url postgres://postgres@127.0.0.1:5432/postgres] [--out report.md] [--cpu-prof DIR]
  sizes: ${Object.keys(FULL)
    .map((key) => `--${key} N`)
    .join(' ')}`;

export function parseBenchOptions(argv: string[]): BenchOptions {
  const sizeOptions = Object.fromEntries(
    Object.keys(FULL).map((key) => [key, { type: 'string' as const }]),
  );
  const { values } = parseArgs({
    args: argv,
    options: {
      ...sizeOptions,
      quick: { type: 'boolean', default: false },
      skip: { type: 'string', default: '' },
      scenarios: { type: 'string', default: SCENARIOS.join(',') },
      'keep-database': { type: 'boolean', default: false },
      exports: { type: 'boolean', default: false },
      'server-url': { type: 'string' },
      out: { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const defaults = values.quick ? QUICK : FULL;
  const size = (key: keyof typeof FULL): number => {
    const raw = (values as Record<string, unknown>)[key];
    if (typeof raw !== 'string') return defaults[key];
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${key} must be a whole number`);
    return parsed;
  };
  const skip = new Set(String(values.skip).split(',').filter(Boolean));
  for (const section of skip) {
    if (!(SECTIONS as readonly string[]).includes(section)) {
      throw new Error(`--skip ${section}: not one of ${SECTIONS.join(', ')}`);
    }
  }
  const scenarios = String(values.scenarios).split(',').filter(Boolean);
  for (const scenario of scenarios) {
    if (!(SCENARIOS as readonly string[]).includes(scenario)) {
      throw new Error(`--scenarios ${scenario}: not one of ${SCENARIOS.join(', ')}`);
    }
  }
  return {
    serverUrl: String(values['server-url'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
    schools: size('schools'),
    usersPerSchool: size('users-per-school'),
    schoolHistoryDays: size('school-history-days'),
    bigSchoolStudents: size('big-school-students'),
    bigSchoolHistoryDays: size('big-school-history-days'),
    drivenUsers: size('driven-users'),
    connections: size('connections'),
    warmupSeconds: size('warmup'),
    durationSeconds: size('duration'),
    fixedLoadSeconds: size('fixed-load-duration'),
    probeRequests: size('probe-requests'),
    weeklyUsers: size('weekly-users'),
    weeklyServiceUsers: size('weekly-service-users'),
    pgliteSchools: size('pglite-schools'),
    reminderUsers: size('reminder-users'),
    rosterRows: size('roster-rows'),
    skip,
    scenarios: scenarios as Scenario[],
    keepDatabase: Boolean(values['keep-database']),
    exports: Boolean(values.exports),
    out: typeof values.out === 'string' ? values.out : undefined,
    cpuProf: typeof values['cpu-prof'] === 'string' ? resolve(values['cpu-prof']) : undefined,
  };
}

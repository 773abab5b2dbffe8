import type { ServerFigures } from './load-scenarios.ts';
import type { ProbeFigures } from './probes.ts';
import type { QueryPlan } from './query-plans.ts';
import type { RouteBundles } from './web-bundle.ts';
import type { WeeklyFigures } from './weekly-figures.ts';

export interface BenchResults {
  machine: Record<string, string>;
  dataSet: Record<string, string>;
  servers: ServerFigures[];
  probes: { figures: ProbeFigures; targetP50Ms: number }[];
  weekly?: WeeklyFigures & { targetUsers: number };
  plans: QueryPlan[];
  web?: RouteBundles;
}

const WEB_BUDGET_BYTES = 100_000;
const THROUGHPUT_TARGET = 0.7;
const P99_TARGET_MS = 25;
const WEEKLY_TARGET_MS = 60_000;

/** No answered request (e.g. a slice too short for PGlite's writes) leaves no figure: "—". */
const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : '—';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const table = (header: string[], rows: string[][]) =>
  [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');

/** The whole report as Markdown, the form docs/performance.md keeps it in. */
export function formatReport(results: BenchResults): string {
  return [
    '## Machine and data set',
    table(
      ['', ''],
      Object.entries({ ...results.machine, ...results.dataSet }).map(([key, value]) => [
        key,
        value,
      ]),
    ),
    ...loadSection(results.servers),
    ...probeSection(results.probes),
    ...weeklySection(results.weekly),
    ...webSection(results.web),
    ...planSection(results.plans),
  ].join('\n\n');
}

function loadSection(servers: ServerFigures[]): string[] {
  if (servers.length === 0) return [];
  const rows = servers.flatMap((figures) =>
    Object.entries(figures.runs).map(([scenario, run]) => [
      figures.server,
      scenario,
      run.requestsPerSecond.toFixed(0),
      ms(run.p50),
      ms(run.p99),
      ms(run.cpuMsPerRequest),
      String(run.non2xx + run.errors),
      mb(figures.idleRssBytes),
      `${mb(run.meanRssBytes)} / ${mb(run.peakRssBytes)}`,
    ]),
  );
  const app = servers.find((s) => s.server === 'app (PostgreSQL)');
  const baseline = servers.find((s) => s.server === 'baseline (node:http + pg)');
  const ratios = (['write', 'read'] as const).flatMap((scenario) => {
    const ours = app?.runs[scenario];
    const theirs = baseline?.runs[scenario];
    if (!ours || !theirs) return [];
    const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
    return [
      [
        scenario,
        `${(ratio * 100).toFixed(0)} %`,
        `≥ ${THROUGHPUT_TARGET * 100} %: ${verdict(ratio >= THROUGHPUT_TARGET)}`,
        `${((theirs.cpuMsPerRequest / ours.cpuMsPerRequest) * 100).toFixed(0)} %`,
        `${ms(ours.p99)} (≤ ${P99_TARGET_MS} ms: ${verdict(ours.p99 <= P99_TARGET_MS)})`,
      ],
    ];
  });
  return [
    '## Load: PUT and GET /api/v1/activities (issue 3)',
    table(
      [
        'server',
        'scenario',
        'req/s',
        'p50',
        'p99',
        'server CPU per request',
        'failed',
        'RSS idle',
        'RSS under load (mean / peak)',
      ],
      rows,
    ),
    table(
      [
        'scenario',
        'app / baseline throughput',
        'target',
        'baseline / app CPU per request',
        'app p99',
      ],
      ratios,
    ),
  ];
}

function probeSection(probes: BenchResults['probes']): string[] {
  if (probes.length === 0) return [];
  return [
    '## Server time on the big school (issue 4)',
    table(
      [
        'call',
        'server p50',
        'server p99',
        'loopback p50',
        'loopback p99',
        'response',
        'target (server p50)',
      ],
      probes.map(({ figures, targetP50Ms }) => [
        figures.name,
        ms(figures.server.p50),
        ms(figures.server.p99),
        ms(figures.loopback.p50),
        ms(figures.loopback.p99),
        `${(figures.responseBytes / 1000).toFixed(1)} kB`,
        `≤ ${targetP50Ms} ms: ${verdict(figures.server.p50 <= targetP50Ms)}`,
      ]),
    ),
  ];
}

function weeklySection(weekly: BenchResults['weekly']): string[] {
  if (!weekly) return [];
  const perUser = weekly.serviceMs / Math.max(1, weekly.serviceUsers);
  const serviceForTarget = perUser * weekly.targetUsers;
  return [
    '## Weekly figures for every user (issue 4)',
    table(
      ['reading', 'users', 'time', `target (${weekly.targetUsers} users ≤ 60 s)`],
      [
        [
          'one SQL statement, every school’s previous week',
          String(weekly.statementUsers),
          ms(weekly.statementMs),
          verdict(weekly.statementMs <= WEEKLY_TARGET_MS),
        ],
        [
          `snapshot service per user (${weekly.serviceUsers} users, 10 at a time)`,
          String(weekly.serviceUsers),
          `${ms(weekly.serviceMs)} (${perUser.toFixed(2)} ms per user` +
            (weekly.serviceUsers < weekly.targetUsers
              ? `, ≈ ${(serviceForTarget / 1000).toFixed(0)} s for ${weekly.targetUsers})`
              : ')'),
          verdict(serviceForTarget <= WEEKLY_TARGET_MS),
        ],
      ],
    ),
    `Service snapshots that differ from the statement's figures: ${weekly.mismatches}.`,
    `Plan of the statement:\n\n\`\`\`\n${weekly.statementPlan}\n\`\`\``,
  ];
}

function webSection(web: RouteBundles | undefined): string[] {
  if (!web) return [];
  return [
    '## Web app: initial JavaScript per route (gzip)',
    table(
      ['route', 'gzip', 'raw', 'target'],
      Object.entries(web).map(([route, { gzip, raw }]) => [
        route,
        `${(gzip / 1000).toFixed(1)} kB`,
        `${(raw / 1000).toFixed(1)} kB`,
        route === '/login' ? `≤ 100 kB: ${verdict(gzip <= WEB_BUDGET_BYTES)}` : '',
      ]),
    ),
  ];
}

function planSection(plans: QueryPlan[]): string[] {
  if (plans.length === 0) return [];
  return [
    '## Query plans on the big school',
    ...plans.map(
      (plan) =>
        `### ${plan.call}\n\n\`\`\`sql\n${plan.sql.trim()}\n-- params: ${JSON.stringify(plan.params)}\n\`\`\`\n\n\`\`\`\n${plan.plan}\n\`\`\``,
    ),
  ];
}

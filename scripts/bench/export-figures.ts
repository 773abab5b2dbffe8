import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { createSessions } from './seed-sessions.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * `npm run bench -- --exports` (issue 13, decision 0021): the school export's time and the
 * server's resident memory while it streams, for a small school and the 5,000-student school,
 * so a memory that grew with the school's size would show.
 */
export interface ExportFigures {
  school: string;
  users: number;
  summaries: number;
  activities: number;
  zipBytes: number;
  seconds: number;
  /** The server's CPU time (user + system) for the export: less at the mercy of the load. */
  cpuSeconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  /** The machine's 1-minute load average when the export ended (others share the cores). */
  load: number;
}

/** The school's coordinator, whose export call is measured. */
async function coordinatorOf(db: Db, schoolId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join user_roles r on r.user_id = u.id and r.role = 'admin'
      where u.school_id = ${schoolId} order by u.id limit 1`,
  );
  if (!row) throw new Error(`school ${schoolId} has no coordinator`);
  return row.id;
}

/** Each school's export in turn, by a new session of its coordinator. */
export async function measureSchoolExports(
  db: Db,
  server: ServerProcess,
  schools: { school: string; schoolId: number }[],
): Promise<ExportFigures[]> {
  const figures: ExportFigures[] = [];
  for (const subject of schools) {
    const [token = ''] = await createSessions(db, [await coordinatorOf(db, subject.schoolId)]);
    figures.push(await measureSchoolExport(db, server, { ...subject, token }));
  }
  return figures;
}

/**
 * The export call, asked again after its Retry-After while the server sheds load (503): on a
 * shared, loaded machine a freshly started server can be past its event-loop delay limit.
 */
async function fetchUnlessBusy(url: string, token: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 503 || attempt === 10) return response;
    await response.body?.cancel();
    await sleep(1000 * Number(response.headers.get('retry-after') ?? 1));
  }
}

/** Downloads the school's ZIP as a client would, reading the server's RSS every 20 ms. */
async function measureSchoolExport(
  db: Db,
  server: ServerProcess,
  subject: { school: string; schoolId: number; token: string },
): Promise<ExportFigures> {
  const [counts] = await queryRows<{ users: number; summaries: number; activities: number }>(
    db,
    sql`select (select count(*)::int from users where school_id = ${subject.schoolId}) as users,
      (select count(*)::int from daily_summaries where school_id = ${subject.schoolId}) as summaries,
      (select count(*)::int from activities a join users u on u.id = a.user_id
        where u.school_id = ${subject.schoolId}) as activities`,
  );
  const rssBeforeBytes = server.rssBytes();
  const cpuBefore = server.cpuSeconds();
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, server.rssBytes());
  }, 20);
  const started = performance.now();
  let zipBytes = 0;
  try {
    const response = await fetchUnlessBusy(
      `${server.origin}/api/v1/schools/${subject.schoolId}/export`,
      subject.token,
    );
    if (!response.ok || !response.body) {
      throw new Error(`export of ${subject.school}: ${response.status} ${await response.text()}`);
    }
    for await (const chunk of response.body) zipBytes += chunk.byteLength;
  } finally {
    clearInterval(sampler);
  }
  return {
    school: subject.school,
    users: counts?.users ?? 0,
    summaries: counts?.summaries ?? 0,
    activities: counts?.activities ?? 0,
    zipBytes,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: server.cpuSeconds() - cpuBefore,
    rssBeforeBytes,
    rssPeakBytes,
    load: loadavg()[0] ?? 0,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function exportSection(figures: ExportFigures[] | undefined): string[] {
  if (!figures?.length) return [];
  return [
    '## School export (issue 13): time and server memory while it streams',
    [
      '| school | users | daily summaries | activities | ZIP | time | server CPU | server RSS before → peak | load (1 min) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...figures.map(
        (f) =>
          `| ${f.school} | ${f.users} | ${f.summaries} | ${f.activities} | ${mb(f.zipBytes)} | ` +
          `${f.seconds.toFixed(1)} s | ${f.cpuSeconds.toFixed(1)} s | ` +
          `${mb(f.rssBeforeBytes)} → ${mb(f.rssPeakBytes)} ` +
          `(+${mb(f.rssPeakBytes - f.rssBeforeBytes)}) | ${f.load.toFixed(2)} |`,
      ),
    ].join('\n'),
  ];
}

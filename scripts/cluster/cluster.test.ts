import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionRecord } from '@wellbank/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  exitCodeOf,
  freePort,
  type ServerProcess,
  signUpPaidSchool,
  sleep,
  startServer,
  waitUntilListening,
} from '../../apps/api/src/resilience/server-process.ts';
import { adminQuery, createServerDatabase } from '../../apps/api/src/test/test-database.ts';
import { testDatabaseUrl } from '../../apps/api/src/test/test-env.ts';
import {
  describeFailures,
  type LoadSample,
  runLoad,
  SCENARIOS,
  summarizeLoad,
} from '../bench/load.ts';
import { type LoadReport, startLoad, type Writer } from './load-loop.ts';
import { CLIENT_KEEPALIVE_REQUESTS, type Nginx, startNginx } from './nginx.ts';

/**
 * DESIGN.md §3 says any number of instances can run behind a load balancer on one PostgreSQL.
 * This suite shows it on one machine: nginx on loopback in front of three instances of the real
 * server (`npm run test:cluster`, docs/scaling.md).
 */

const SERVER_URL = testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCES = 3;
const STUDENTS = 6;
/** Long enough for each phase to carry a few hundred requests on a 2-core machine. */
const LOAD_WARM_UP_MS = 1_500;
/** Per instance count and scenario: a figure, not a check (docs/scaling.md). */
const THROUGHPUT_SECONDS = 5;

interface Instance {
  port: number;
  server: ServerProcess;
}

const cluster = {
  databaseUrl: '',
  dropDatabase: undefined as (() => Promise<void>) | undefined,
  dir: '',
  instances: [] as Instance[],
  nginx: undefined as Nginx | undefined,
  admin: undefined as unknown as SessionRecord,
  students: [] as SessionRecord[],
};

function launch(port: number): ServerProcess {
  return startServer({
    dataDir: cluster.dir,
    port,
    env: { DATABASE_URL: cluster.databaseUrl, TRUST_PROXY: '127.0.0.1' },
  });
}

function instanceUrl(index: number): string {
  const instance = cluster.instances[index];
  if (!instance) throw new Error(`no instance ${index}`);
  return instance.server.baseUrl;
}

function writersFor(students: readonly SessionRecord[]): Writer[] {
  return students.flatMap((student) =>
    (['sleep', 'rest'] as const).map((type) => ({
      token: student.token,
      type,
      key: type === 'sleep' ? ('minutes' as const) : ('duration' as const),
      acknowledged: 0,
      unanswered: undefined,
    })),
  );
}

/** Every acknowledged write is in the database: the day as the API reads it back. */
async function expectWritesStored(writers: readonly Writer[]) {
  for (const writer of writers) {
    const today = await call<
      { activity_type: string; properties: { property_key: string; property_value: number }[] }[]
    >(instanceUrl(0), '/activities', { token: writer.token });
    const stored = today.body
      .find((activity) => activity.activity_type === writer.type)
      ?.properties.find((property) => property.property_key === writer.key)?.property_value;
    const allowed = [writer.acknowledged, writer.unanswered].filter((v) => v !== undefined);
    expect(allowed, `${writer.type} of ${writer.token.slice(0, 6)}`).toContain(stored);
  }
}

/** nginx names every instance it tried: "a, b" is a request it retried on b after a failed. */
function summary(report: LoadReport): string {
  const answers = [...report.byUpstream];
  const retried = answers.filter(([upstreams]) => upstreams.includes(','));
  const byInstance = answers.filter(([upstreams]) => !upstreams.includes(','));
  return `${report.requests} requests, ${report.failures.length} failed, ${retried.reduce((sum, [, n]) => sum + n, 0)} retried by nginx on another instance (${byInstance.map(([port, n]) => `${port}: ${n}`).join(', ')})`;
}

/** How far each log had got: what a phase adds is what comes after. */
interface LogMarks {
  nginx: { errors: number; failed: number };
  instances: number[];
}

async function marks(): Promise<LogMarks> {
  const logs = await cluster.nginx?.logs();
  return {
    nginx: { errors: logs?.errors.length ?? 0, failed: logs?.failed.length ?? 0 },
    instances: cluster.instances.map(({ server }) => server.output().length),
  };
}

/** An instance's log lines that are not a 2xx request line: warnings, errors, refusals. */
function notableLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.trim()) return false;
    const status = /"statusCode":(\d+)/.exec(line)?.[1];
    if (status) return !status.startsWith('2');
    return !/"level":30\b/.test(line);
  });
}

/** Everything the cluster said about a phase that had failures, to name their cause. */
async function whatFailed(phase: string, sample: LoadSample, since: LogMarks): Promise<string> {
  const logs = await cluster.nginx?.logs();
  const instances = cluster.instances.map(({ port, server }, index) => {
    const lines = notableLines(server.output().slice(since.instances[index] ?? 0));
    return `instance ${index} (:${port}):\n${lines.slice(0, 40).join('\n') || '(nothing)'}`;
  });
  return [
    `${phase}: ${sample.non2xx} non-2xx, ${sample.errors} errors: ${describeFailures(sample.failures)}`,
    `nginx error log:\n${logs?.errors.slice(since.nginx.errors).trim() || '(empty)'}`,
    `nginx, requests not answered 2xx:\n${logs?.failed.slice(since.nginx.failed).trim() || '(none)'}`,
    ...instances,
  ].join('\n');
}

beforeAll(async () => {
  const database = await createServerDatabase(SERVER_URL);
  cluster.databaseUrl = database.url;
  cluster.dropDatabase = database.drop;
  cluster.dir = await mkdtemp(join(tmpdir(), 'wellbank-cluster-'));
  // All three start at once on an empty database: the migrations run once, under the lock.
  for (let i = 0; i < INSTANCES; i += 1) {
    const port = await freePort();
    cluster.instances.push({ port, server: launch(port) });
  }
  await Promise.all(cluster.instances.map(({ server }) => waitUntilListening(server)));
  cluster.nginx = await startNginx({
    dir: join(cluster.dir, 'nginx'),
    port: await freePort(),
    upstreams: cluster.instances.map(({ port }) => port),
  });
}, 120_000);

afterAll(async () => {
  await cluster.nginx?.stop();
  for (const { server } of cluster.instances) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await exitCodeOf(server, 15_000).catch(() => server.child.kill('SIGKILL'));
    }
  }
  await cluster.dropDatabase?.();
  if (cluster.dir) await rm(cluster.dir, { recursive: true, force: true });
}, 60_000);

describe('three instances behind nginx on one PostgreSQL', () => {
  it('share one payment: paid through one instance and reported through the others, it records once', async () => {
    // Signed up and paid on instance 0 (the test checkout records the payment as it is paid).
    const [coordinator, ...students] = await signUpPaidSchool(instanceUrl(0), {
      students: STUDENTS,
    });
    if (!coordinator) throw new Error('no coordinator');
    cluster.admin = coordinator;
    cluster.students = students;
    const schoolId = cluster.admin.school.id;
    const paymentsOfSchool = () =>
      adminQuery(
        cluster.databaseUrl,
        'select checkout_session_id from payments where school_id = $1',
        [schoolId],
      );
    const [payment] = await paymentsOfSchool();
    for (let index = 1; index < INSTANCES; index += 1) {
      const reported = await call(instanceUrl(index), `/schools/${schoolId}/payments`, {
        method: 'POST',
        token: cluster.admin.token,
        body: { stripe_session_id: payment?.checkout_session_id },
      });
      expect(reported.status, `payment reported through instance ${index}`).toBe(200);
    }
    expect(await paymentsOfSchool()).toHaveLength(1);
    const me = await call<SessionRecord>(instanceUrl(2), `/users/${cluster.admin.id}`, {
      token: cluster.admin.token,
    });
    expect(me.body.needs_subscription_payment).toBe(false);
  });

  it('share sessions: a session made on one instance is valid on the others, and ends on all', async () => {
    const student = cluster.students[0] as SessionRecord;
    const login = await call<SessionRecord>(instanceUrl(0), '/authentication/authenticate', {
      method: 'POST',
      body: { email: student.email, password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    for (let index = 1; index < INSTANCES; index += 1) {
      const me = await call(instanceUrl(index), `/users/${student.id}`, {
        token: login.body.token,
      });
      expect(me.status, `instance ${index}`).toBe(200);
    }
    const logout = await call(instanceUrl(1), '/authentication/session', {
      method: 'DELETE',
      token: login.body.token,
    });
    expect(logout.status).toBeLessThan(300);
    const after = await call(instanceUrl(2), `/users/${student.id}`, { token: login.body.token });
    expect(after.status).toBe(401);
  });

  it('share the login limit: wrong passwords sent to different instances count together', async () => {
    const student = cluster.students[1] as SessionRecord;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const answer = await call(instanceUrl(attempt % INSTANCES), '/authentication/authenticate', {
        method: 'POST',
        body: { email: student.email, password: `wrong-${attempt}` },
      });
      statuses.push(answer.status);
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal, statuses.join(' ')).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 401)).toBe(true);
    // Without sharing, each instance would allow its own ten: the refusal would come at 31.
    expect(firstRefusal).toBeLessThanOrEqual(10);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  });

  it('restart one instance after another under load without a failed request', async () => {
    const writers = writersFor(cluster.students);
    const load = startLoad({
      baseUrl: cluster.nginx?.baseUrl ?? '',
      writers,
      readers: cluster.students.slice(0, 3).map((student) => student.token),
    });
    await sleep(LOAD_WARM_UP_MS);
    for (const instance of cluster.instances) {
      instance.server.child.kill('SIGTERM');
      expect(await exitCodeOf(instance.server, 30_000)).toBe(0);
      instance.server = launch(instance.port);
      await waitUntilListening(instance.server);
      await sleep(LOAD_WARM_UP_MS);
    }
    const report = await load.stop();
    console.info(`rolling restart: ${summary(report)}`);
    expect(report.failures).toEqual([]);
    expect(report.byUpstream.size).toBeGreaterThanOrEqual(INSTANCES);
    await expectWritesStored(writers);
  }, 180_000);

  it('survive kill -9 of an instance under load: no acknowledged write is lost, and it comes back', async () => {
    const writers = writersFor(cluster.students);
    const load = startLoad({ baseUrl: cluster.nginx?.baseUrl ?? '', writers, readers: [] });
    await sleep(LOAD_WARM_UP_MS);
    const victim = cluster.instances[1] as Instance;
    victim.server.child.kill('SIGKILL');
    expect(await exitCodeOf(victim.server)).toBeNull();
    await sleep(LOAD_WARM_UP_MS);
    const servedWhileDown = load.report.byUpstream.get(`127.0.0.1:${victim.port}`) ?? 0;
    victim.server = launch(victim.port);
    await waitUntilListening(victim.server);
    // nginx tries a failed instance again after fail_timeout (2 s).
    await sleep(3_000 + LOAD_WARM_UP_MS);
    const report = await load.stop();
    console.info(`kill -9: ${summary(report)}`);
    expect(report.failures).toEqual([]);
    expect(report.byUpstream.get(`127.0.0.1:${victim.port}`) ?? 0).toBeGreaterThan(servedWhileDown);
    await expectWritesStored(writers);
  }, 180_000);

  it('carries load through nginx with one, two and three instances (figures for docs/scaling.md)', async () => {
    const tokens = cluster.students.map((student) => student.token);
    const rows: string[] = [];
    for (let count = 1; count <= INSTANCES; count += 1) {
      await cluster.nginx?.setUpstreams(cluster.instances.slice(0, count).map(({ port }) => port));
      for (const scenario of SCENARIOS) {
        const before = await marks();
        const sample = await runLoad({
          origin: cluster.nginx?.baseUrl ?? '',
          scenario,
          tokens,
          connections: 32,
          seconds: THROUGHPUT_SECONDS,
        });
        const result = summarizeLoad([sample]);
        const failed = result.non2xx + result.errors;
        if (failed > 0)
          console.error(await whatFailed(`${scenario} with ${count}`, sample, before));
        expect(failed, `${scenario} with ${count}: ${describeFailures(sample.failures)}`).toBe(0);
        // No connection reached the number after which nginx closes it (nginx.ts says why).
        expect(sample.mostOnOneConnection).toBeLessThan(CLIENT_KEEPALIVE_REQUESTS);
        rows.push(
          `| ${count} | ${scenario} | ${Math.round(result.requestsPerSecond)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${sample.mostOnOneConnection} |`,
        );
      }
    }
    console.info(
      [
        '| instances | scenario | req/s | p50 ms | p99 ms | most on one connection |',
        '|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  }, 180_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SessionRecord, TIME_ZONE_VALUES } from '@wellbank/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/test-env.ts';
import {
  call,
  exitCodeOf,
  freePort,
  type ServerProcess,
  signUpPaidSchool,
  sleep,
  startServer,
  waitUntilListening,
} from './server-process.ts';

/**
 * DESIGN.md §3: PGlite persists under DATA_DIR, one process per directory. The server is killed
 * without warning (SIGKILL) in the middle of a write load and started again on the same data:
 * every write it acknowledged must be there, and the database must open without help.
 */

/** Each user writes one property of each of these, each writer one value after the other. */
const WRITTEN = [
  { type: 'sleep', key: 'minutes' },
  { type: 'rest', key: 'duration' },
  { type: 'sunshine', key: 'duration' },
] as const;
const USERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 150;

interface Writer {
  user: SessionRecord;
  type: (typeof WRITTEN)[number]['type'];
  key: string;
  /** The last value the server answered 200 for. */
  acknowledged: number;
  /** The value sent when the server died, if any: it may or may not have been committed. */
  unanswered: number | undefined;
}

const started: ServerProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function launch(port: number): ServerProcess {
  const server = startServer({ dataDir, port });
  started.push(server);
  return server;
}

/** A school time zone where it is not near midnight, so "today" cannot change mid-test. */
function zoneAwayFromMidnight(): string {
  const hourIn = (timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(),
    );
  // The four zones span three hours, so one of them always qualifies.
  return (
    TIME_ZONE_VALUES.find((zone) => hourIn(zone) >= 1 && hourIn(zone) <= 22) ?? 'America/Denver'
  );
}

/** Writes 1, 2, 3… until the server dies; any other failure fails the test. */
async function write(baseUrl: string, writer: Writer, isKilled: () => boolean) {
  for (let value = writer.acknowledged + 1; ; value += 1) {
    writer.unanswered = value;
    try {
      const response = await call(baseUrl, `/activities/${writer.type}`, {
        method: 'PUT',
        token: writer.user.token,
        body: { activity: { properties: [{ property_key: writer.key, property_value: value }] } },
      });
      if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
    } catch (error) {
      if (isKilled()) return;
      throw error;
    }
    writer.acknowledged = value;
    writer.unanswered = undefined;
  }
}

interface StoredActivity {
  activity_type: string;
  total: number;
  properties: { property_key: string; property_value: number }[];
}

async function storedDay(baseUrl: string, user: SessionRecord) {
  const today = await call<StoredActivity[]>(baseUrl, '/activities', { token: user.token });
  expect(today.status).toBe(200);
  const daily = await call<{ balance: number }[]>(baseUrl, '/snapshots/daily?days=1', {
    token: user.token,
  });
  return { activities: today.body, balance: daily.body[0]?.balance ?? 0 };
}

/** Names the phases' durations for the log: most of this test is waiting on purpose. */
function phaseClock() {
  let last = performance.now();
  const laps: string[] = [];
  return {
    laps,
    lap(name: string) {
      laps.push(`${name} ${((performance.now() - last) / 1000).toFixed(1)} s`);
      last = performance.now();
    },
  };
}

// PGlite only: the PostgreSQL run (TEST_DATABASE_URL) has nothing of it to test.
describe.skipIf(testDatabaseUrl())('a crash of the server on PGlite', () => {
  it('keeps every acknowledged write, opens cleanly at once, and refuses a second server meanwhile', async () => {
    const clock = phaseClock();
    dataDir = await mkdtemp(join(tmpdir(), 'wellbank-crash-'));
    const port = await freePort();
    const first = launch(port);
    await waitUntilListening(first);
    clock.lap('first start (new DATA_DIR)');
    const users = await signUpPaidSchool(first.baseUrl, {
      students: USERS - 1,
      timeZone: zoneAwayFromMidnight(),
    });

    const writers: Writer[] = users.flatMap((user) =>
      WRITTEN.map(({ type, key }) => ({ user, type, key, acknowledged: 0, unanswered: undefined })),
    );
    const acknowledged = () => writers.reduce((sum, writer) => sum + writer.acknowledged, 0);
    let killed = false;
    const load = writers.map((writer) => write(first.baseUrl, writer, () => killed));
    // Meanwhile a second server on the same DATA_DIR, refused while the first runs.
    const second = launch(await freePort());
    expect(await exitCodeOf(second)).toBe(1);
    expect(second.output()).toContain(
      `Another Wellbank server (pid ${first.child.pid} on ${hostname()}) is already using DATA_DIR=${dataDir} (stop it first)`,
    );
    while (acknowledged() < ACKNOWLEDGED_BEFORE_KILL) await sleep(10);
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(load);
    expect(await exitCodeOf(first)).toBeNull();
    const unanswered = writers.filter((writer) => writer.unanswered !== undefined).length;
    clock.lap(`write load (${acknowledged()} acknowledged, ${unanswered} unanswered at the kill)`);

    // At once: the dead server's lock names a pid that no longer runs, so it is taken over.
    const restarted = launch(port);
    await waitUntilListening(restarted);
    expect(restarted.output()).toContain(`removed a stale lock left by pid ${first.child.pid}`);
    clock.lap('restart on the same DATA_DIR');

    for (const user of users) {
      const { activities, balance } = await storedDay(restarted.baseUrl, user);
      for (const writer of writers.filter((each) => each.user === user)) {
        const activity = activities.find((each) => each.activity_type === writer.type);
        const stored = activity?.properties.find((p) => p.property_key === writer.key);
        const allowed = [writer.acknowledged, writer.unanswered].filter((v) => v !== undefined);
        expect(allowed, `${writer.type} of user ${user.id}`).toContain(stored?.property_value ?? 0);
      }
      // The day's summary was written in the same transactions: it must agree with them.
      const totals = activities.reduce((sum, activity) => sum + activity.total, 0);
      expect(balance).toBeCloseTo(totals, 2);
    }
    expect(restarted.output()).not.toMatch(/"level":(50|60)/);

    restarted.child.kill('SIGTERM');
    expect(await exitCodeOf(restarted)).toBe(0);
    console.info(`crash-recovery: ${clock.laps.join(', ')}`);
  }, 180_000);
});

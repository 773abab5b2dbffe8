import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseCpu } from './database-cpu.ts';
import { runAtRate } from './fixed-rate.ts';
import { KeepAlivePool } from './keep-alive-pool.ts';
import { type LoadResult, type LoadSample, runLoad, type Scenario, summarizeLoad } from './load.ts';
import { MIN_BLOCKS } from './paired-rounds.ts';
import { type ServerProcess, sampleRss } from './server-process.ts';

export interface ServerFigures {
  server: string;
  /** RSS a few seconds after start, before any load. */
  idleRssBytes: number;
  runs: Partial<Record<Scenario, ServerRun>>;
}

export interface ServerRun extends LoadResult {
  peakRssBytes: number;
  meanRssBytes: number;
  /** The server's own CPU time per answered request: its cost, whatever else runs on the machine. */
  cpuMsPerRequest: number;
  /** The PostgreSQL backends' CPU time per answered request, when they were watched. */
  databaseCpuMsPerRequest?: number;
  /** The fixed offered load in req/s, when it was not a saturation run. */
  offeredPerSecond?: number;
  /** The p99 of each slice, in the order they ran: one stall decides a slice's, not the others'. */
  sliceP99s: number[];
  /**
   * Each slice's CPU per answered request, server plus PostgreSQL backends, in the order they ran:
   * slice k of every server is round k, which the verdict pairs (paired-rounds.ts).
   */
  sliceCpuMsPerRequest: number[];
}

const IDLE_SETTLE_MS = 3000;

/**
 * The offered load at which latency is compared: half a server's saturation throughput, where a
 * server that keeps up shows its own latency rather than the length of a queue.
 */
export const FIXED_LOAD_SHARE = 0.5;

/** Per scenario, FIXED_LOAD_SHARE of the throughput `basis` reached at saturation. */
export function atFixedLoad(basis: ServerFigures): Partial<Record<Scenario, number>> {
  return Object.fromEntries(
    Object.entries(basis.runs).map(([scenario, run]) => [
      scenario,
      run.requestsPerSecond * FIXED_LOAD_SHARE,
    ]),
  );
}
/**
 * The measured time of each server is cut into at least this many slices, taken in turns: the
 * verdict pairs them by round, two rounds to a block, and needs MIN_BLOCKS…
 */
const ROUNDS = 2 * (MIN_BLOCKS + 1);
/**
 * …and into slices no longer than this: a round's ratio moved ±12 % on a quiet machine, so the
 * median of six moved ±5 % from run to run; twelve rounds of 5 s give six blocks for the same time.
 */
const MAX_SLICE_SECONDS = 5;
/**
 * At a fixed load, each slice starts after this much load that is not measured: a server that sat
 * idle while the other was measured has let its pool's idle connections go (pg's 10 s), and the
 * reconnecting made the first second of a slice its slowest.
 */
const SLICE_WARMUP_SECONDS = 1;

/**
 * Each scenario against each server: a warm-up run per server (discarded: JIT, pool, caches),
 * then the measured time in slices taken in turns, A B B A A B, so that other work on a shared
 * machine weighs on every server alike. RSS is sampled and CPU time read during each slice.
 * Closed loop (`connections` requests always in flight: the saturation throughput) unless
 * `rates` names a scenario's fixed offered load in req/s (an open loop, fixed-rate.ts).
 */
export async function measureServers(
  servers: readonly ServerProcess[],
  options: {
    scenarios: readonly Scenario[];
    tokens: readonly string[];
    connections: number;
    warmupSeconds: number;
    durationSeconds: number;
    rates?: Partial<Record<Scenario, number>>;
    /** The database's backends, whose CPU counts per request beside the server's own. */
    databaseCpu?: DatabaseCpu;
    /**
     * Run before each scenario: the database's cleanup after the previous one's writes (autovacuum,
     * the checkpoint of its dirty pages) would otherwise fall in this one's slices, on whichever
     * server was measured then.
     */
    settle?: () => Promise<void>;
  },
): Promise<ServerFigures[]> {
  await sleep(IDLE_SETTLE_MS);
  const figures = servers.map((server) => ({
    server: server.name,
    idleRssBytes: server.rssBytes(),
    runs: {} as ServerFigures['runs'],
  }));
  // Each server signs in as its own half of the users. A session is touched (a write) once a
  // minute of use: shared, each touch fell to whichever server used it first that minute, and a
  // round's ratio moved with who drew more of them; apart, each pays for its own, steadily.
  const tokensOf = servers.map((_, i) => options.tokens.filter((_, k) => k % servers.length === i));
  const rounds = Math.max(ROUNDS, Math.round(options.durationSeconds / MAX_SLICE_SECONDS));
  const sliceSeconds = Math.max(1, Math.round(options.durationSeconds / rounds));
  for (const scenario of options.scenarios) {
    await options.settle?.();
    const rate = options.rates?.[scenario];
    // Kept from slice to slice, as a proxy or a browser keeps its connections: opened per slice,
    // each slice began with `connections` handshakes, its slowest tenth of a second.
    const pools = servers.map((server) =>
      rate === undefined ? undefined : new KeepAlivePool(server.origin, options.connections),
    );
    const load = (i: number, seconds: number) => {
      const server = servers[i] as ServerProcess;
      const pool = pools[i];
      const common = { scenario, tokens: tokensOf[i] as string[], seconds };
      return pool && rate !== undefined
        ? runAtRate({ ...common, pool, rate })
        : runLoad({ ...common, origin: server.origin, connections: options.connections });
    };
    if (options.warmupSeconds > 0) {
      for (const i of servers.keys()) await load(i, options.warmupSeconds);
    }
    const measured = servers.map(() => ({
      samples: [] as LoadSample[],
      cpu: 0,
      databaseCpu: 0,
      sliceCpu: [] as number[],
      rss: [] as number[],
    }));
    for (let round = 0; round < rounds; round++) {
      const order = servers.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const server = servers[i] as ServerProcess;
        const slot = measured[i] as (typeof measured)[number];
        if (rate !== undefined) await load(i, SLICE_WARMUP_SECONDS);
        const stopSampling = sampleRss(server);
        const databaseBefore = await options.databaseCpu?.snapshot();
        const cpuBefore = server.cpuSeconds();
        const sample = await load(i, sliceSeconds);
        const cpu = server.cpuSeconds() - cpuBefore;
        const databaseCpu = databaseBefore
          ? ((await options.databaseCpu?.since(databaseBefore)) ?? 0)
          : 0;
        slot.samples.push(sample);
        slot.cpu += cpu;
        slot.databaseCpu += databaseCpu;
        slot.sliceCpu.push(((cpu + databaseCpu) * 1000) / sample.latencies.length);
        const rss = stopSampling();
        slot.rss.push(rss.peak, rss.mean);
      }
    }
    for (const pool of pools) pool?.close();
    measured.forEach((slot, i) => {
      const result = summarizeLoad(slot.samples);
      const peaks = slot.rss.filter((_, k) => k % 2 === 0);
      const means = slot.rss.filter((_, k) => k % 2 === 1);
      const run: ServerRun = {
        ...result,
        peakRssBytes: Math.max(...peaks),
        meanRssBytes: means.reduce((sum, value) => sum + value, 0) / means.length,
        cpuMsPerRequest: (slot.cpu * 1000) / result.requests,
        ...(options.databaseCpu && {
          databaseCpuMsPerRequest: (slot.databaseCpu * 1000) / result.requests,
        }),
        ...(rate !== undefined && { offeredPerSecond: rate }),
        sliceP99s: slot.samples.map((sample) => summarizeLoad([sample]).p99),
        sliceCpuMsPerRequest: slot.sliceCpu,
      };
      const figure = figures[i] as ServerFigures;
      figure.runs[scenario] = run;
      console.log(
        `  ${figure.server} ${scenario}${rate === undefined ? '' : ` at ${rate.toFixed(0)} req/s offered`}: ${run.requestsPerSecond.toFixed(0)} req/s, ` +
          `p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ` +
          `${run.cpuMsPerRequest.toFixed(2)} ms CPU per request` +
          (run.databaseCpuMsPerRequest === undefined
            ? ''
            : ` (+ ${run.databaseCpuMsPerRequest.toFixed(2)} ms in PostgreSQL)`) +
          (run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ''),
      );
    });
  }
  return figures;
}

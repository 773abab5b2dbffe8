import pg from 'pg';
import { readCpuSeconds } from './server-process.ts';

/** CPU seconds used so far by each backend process, by pid. */
export type BackendCpu = Map<number, number>;

export interface DatabaseCpu {
  /** The CPU time of the bench database's backends now. */
  snapshot(): Promise<BackendCpu>;
  /** CPU seconds the backends used since `before` (a backend started meanwhile counts whole). */
  since(before: BackendCpu): Promise<number>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL server's share of a request: the CPU time of the backend processes serving the
 * bench database (read from /proc: the server runs on this machine), which only the server under
 * load uses during a slice. PGlite does this work inside the app's own process, so its CPU per
 * request compares with the app's plus this, not with the app's alone.
 */
export async function watchDatabaseCpu(url: string, database: string): Promise<DatabaseCpu> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const snapshot = async (): Promise<BackendCpu> => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [database],
    );
    const cpu: BackendCpu = new Map();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, readCpuSeconds(pid));
      } catch {
        // Ended between the query and the read: its time is lost, a connection's worth at most.
      }
    }
    return cpu;
  };
  return {
    snapshot,
    async since(before) {
      let total = 0;
      for (const [pid, seconds] of await snapshot()) total += seconds - (before.get(pid) ?? 0);
      return total;
    },
    close: () => client.end(),
  };
}

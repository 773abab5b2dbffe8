import { MINUTES_PER_DAY } from '@wellbank/domain';

/** One property of one user's day, written 1, 2, 3… one request after the other. */
export interface Writer {
  token: string;
  type: 'sleep' | 'rest' | 'sunshine';
  key: 'minutes' | 'duration';
  /** The last value the balancer answered 2xx for. */
  acknowledged: number;
  /** A value sent without an answer (only ever after a failure, which fails the suite). */
  unanswered: number | undefined;
}

export interface LoadReport {
  requests: number;
  /** Answers outside 2xx and requests that got no answer, with what they were. */
  failures: string[];
  /** How many answers each instance gave (nginx's X-Upstream header). */
  byUpstream: Map<string, number>;
}

/**
 * A closed loop of writes and reads through the balancer until `stop()`: each writer sends its
 * next value when the last was answered, each reader lists today's activities. Every answer is
 * counted; a failed one is recorded, never retried by the client, so only the balancer's own
 * retries can hide an instance going away.
 */
export function startLoad(options: { baseUrl: string; writers: Writer[]; readers: string[] }) {
  let stopping = false;
  const report: LoadReport = { requests: 0, failures: [], byUpstream: new Map() };

  async function send(label: string, init: RequestInit & { path: string }): Promise<boolean> {
    report.requests += 1;
    try {
      const response = await fetch(`${options.baseUrl}/api/v1${init.path}`, init);
      await response.arrayBuffer();
      const upstream = response.headers.get('x-upstream') ?? 'none';
      report.byUpstream.set(upstream, (report.byUpstream.get(upstream) ?? 0) + 1);
      if (response.ok) return true;
      report.failures.push(`${label}: ${response.status} from ${upstream}`);
    } catch (error) {
      report.failures.push(`${label}: ${(error as Error).cause ?? error}`);
    }
    return false;
  }

  async function write(writer: Writer) {
    while (!stopping) {
      const value = (writer.acknowledged % MINUTES_PER_DAY) + 1;
      writer.unanswered = value;
      const ok = await send(`PUT ${writer.type}`, {
        path: `/activities/${writer.type}`,
        method: 'PUT',
        headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          activity: { properties: [{ property_key: writer.key, property_value: value }] },
        }),
      });
      if (!ok) continue;
      writer.acknowledged = value;
      writer.unanswered = undefined;
    }
  }

  async function read(token: string) {
    while (!stopping) {
      await send('GET activities', {
        path: '/activities',
        headers: { authorization: `Bearer ${token}` },
      });
    }
  }

  const loops = [...options.writers.map(write), ...options.readers.map(read)];
  return {
    report,
    async stop(): Promise<LoadReport> {
      stopping = true;
      await Promise.all(loops);
      return report;
    },
  };
}

import { Agent, request } from 'node:http';
import { nextPageLink } from '@wellbank/domain';
import { type Percentiles, percentiles } from './stats.ts';

export interface ProbeFigures {
  name: string;
  requests: number;
  /** From the Server-Timing header: time inside the server. */
  server: Percentiles;
  /** Request sent to response read, on loopback, one request at a time. */
  loopback: Percentiles;
  responseBytes: number;
}

const WARMUP_REQUESTS = 20;

/**
 * Sequential requests on one keep-alive connection, so each figure is one request's own time and
 * not queueing behind others. `next(i)` gives the i-th request's path and token.
 */
export async function probe(options: {
  name: string;
  origin: string;
  count: number;
  next: (i: number) => { path: string; token: string };
}): Promise<ProbeFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const server: number[] = [];
  const loopback: number[] = [];
  let responseBytes = 0;
  try {
    for (let i = 0; i < WARMUP_REQUESTS + options.count; i++) {
      const { path, token } = options.next(i);
      const started = performance.now();
      const response = await get(agent, `${options.origin}${path}`, token);
      const elapsed = performance.now() - started;
      if (response.status !== 200) {
        throw new Error(`${options.name}: ${path} answered ${response.status} ${response.body}`);
      }
      if (i < WARMUP_REQUESTS) continue;
      server.push(Number(/app;dur=([\d.]+)/.exec(response.timing)?.[1] ?? Number.NaN));
      loopback.push(elapsed);
      responseBytes = Math.max(responseBytes, response.body.length);
    }
  } finally {
    agent.destroy();
  }
  return {
    name: options.name,
    requests: options.count,
    server: percentiles(server),
    loopback: percentiles(loopback),
    responseBytes,
  };
}

/** The next-page link of a paged list's page (its `Link: <…>; rel="next"`). */
export async function nextPageOf(origin: string, path: string, token: string): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  try {
    const response = await get(agent, `${origin}${path}`, token);
    const next = nextPageLink(response.link);
    if (response.status !== 200 || !next) {
      throw new Error(`${path} answered ${response.status} without a next page`);
    }
    return next;
  } finally {
    agent.destroy();
  }
}

function get(agent: Agent, url: string, token: string) {
  return new Promise<{ status: number; body: string; timing: string; link: string }>(
    (resolve, reject) => {
      const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            timing: String(res.headers['server-timing'] ?? ''),
            link: String(res.headers.link ?? ''),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

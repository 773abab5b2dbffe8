import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sleep } from '../../apps/api/src/resilience/server-process.ts';

const run = promisify(execFile);

/** Debian's nginx (`apt-get install nginx`; scripts/ensure-nginx.sh installs it for the suite). */
const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  baseUrl: string;
  /**
   * What nginx wrote since the start: its error log (warn and worse: refused connections,
   * upstreams that closed or reset, instances taken out) and its log of the requests it did not
   * answer 2xx, with the instance(s) tried and what each answered. Printed when a test fails.
   */
  logs(): Promise<{ errors: string; failed: string }>;
  /** Points the balancer at these instance ports and reloads it without dropping a request. */
  setUpstreams(ports: readonly number[]): Promise<void>;
  stop(): Promise<void>;
}

/** Requests on one client connection before nginx closes it: more than any phase sends on one. */
export const CLIENT_KEEPALIVE_REQUESTS = 1_000_000;

/** nginx's default; Fastify's `keepAliveTimeout` (72 s) must stay above it. */
const UPSTREAM_KEEPALIVE_SECONDS = 60;

/**
 * The load balancer a district would put in front of Wellbank, as docs/scaling.md describes it:
 * round robin over the instances, keep-alive to them, and a retry on the next instance when one
 * refuses the connection or dies mid-request. nginx retries only idempotent methods (GET, PUT,
 * DELETE) after a request was sent, never a POST: that is what "idempotent requests are retried"
 * means for the suite. `X-Upstream` tells the test which instance answered.
 */
function config(options: { dir: string; port: number; upstreams: readonly number[] }): string {
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return `worker_processes 1;
pid ${options.dir}/nginx.pid;
error_log ${options.dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  map $status $failed { ~^2 0; default 1; }
  log_format failed '$time_iso8601 $request_method $uri status=$status upstream=$upstream_addr '
    'upstream_status=$upstream_status upstream_time=$upstream_response_time '
    'connect_time=$upstream_connect_time request_time=$request_time';
  access_log ${options.dir}/failed.log failed if=$failed;
  client_body_temp_path ${options.dir}/client_body;
  proxy_temp_path ${options.dir}/proxy;
  fastcgi_temp_path ${options.dir}/fastcgi;
  uwsgi_temp_path ${options.dir}/uwsgi;
  scgi_temp_path ${options.dir}/scgi;
  upstream wellbank {
${servers}
    keepalive 32;
    # Idle connections to an instance are closed by nginx first: the instances (Fastify) keep
    # theirs 72 s, so nginx never sends a request on a connection the instance is closing.
    keepalive_timeout ${UPSTREAM_KEEPALIVE_SECONDS}s;
  }
  server {
    listen 127.0.0.1:${options.port};
    # nginx closes a client's connection after this many requests (default 1,000) with
    # "Connection: close"; autocannon ignores that header and writes its next request into the
    # closing socket, which fails as ECONNRESET when nginx's reset wins (docs/scaling.md). A
    # 5-second phase must stay below it on every connection: the suite checks it does.
    keepalive_requests ${CLIENT_KEEPALIVE_REQUESTS};
    location / {
      proxy_pass http://wellbank;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: readonly number[];
}): Promise<Nginx> {
  await mkdir(options.dir, { recursive: true });
  const file = join(options.dir, 'nginx.conf');
  await writeFile(file, config(options));
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-p', options.dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitForPort(baseUrl, () => errors);
  return {
    baseUrl,
    async logs() {
      const read = (name: string) => readFile(join(options.dir, name), 'utf8').catch(() => '');
      return { errors: await read('error.log'), failed: await read('failed.log') };
    },
    async setUpstreams(upstreams) {
      await writeFile(file, config({ ...options, upstreams }));
      await run(NGINX, ['-c', file, '-p', options.dir, '-s', 'reload']);
      // The old worker finishes its requests while new ones start; give the new ones a moment.
      await sleep(500);
    },
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

async function waitForPort(baseUrl: string, errors: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answered = await fetch(`${baseUrl}/`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await sleep(50);
  }
  throw new Error(`nginx did not start:\n${errors()}`);
}

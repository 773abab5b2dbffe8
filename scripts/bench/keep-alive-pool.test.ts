import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, KeepAlivePool, readAnswer } from './keep-alive-pool.ts';

const OK = Buffer.from(
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}',
);

describe('readAnswer', () => {
  it('finds the status and the end of an answer with a Content-Length', () => {
    const plain = { close: false, keepAliveSeconds: undefined };
    expect(readAnswer(OK)).toEqual({ status: 200, end: OK.length, ...plain });
    const notFound = Buffer.from('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
    expect(readAnswer(notFound)).toEqual({ status: 404, end: notFound.length, ...plain });
  });

  it('waits for the rest of an answer split anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: OK.length - 1 }), (cut) => {
        expect(readAnswer(OK.subarray(0, cut))).toBeUndefined();
      }),
    );
  });

  it('says when the server closes the connection after the answer', () => {
    const closing = Buffer.from(
      'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(readAnswer(closing)).toMatchObject({ status: 503, end: closing.length, close: true });
  });

  it("reads the server's keep-alive timeout", () => {
    const kept = Buffer.from(
      'HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n',
    );
    expect(readAnswer(kept)).toMatchObject({ close: false, keepAliveSeconds: 5 });
  });

  it('refuses what it cannot measure: no Content-Length, or not HTTP/1.1', () => {
    const chunked = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n');
    expect(readAnswer(chunked)).toEqual({ error: 'an answer without Content-Length' });
    expect(readAnswer(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toEqual({
      error: 'not an HTTP/1.1 answer',
    });
  });
});

describe('KeepAlivePool', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void) {
    const server: Server = createServer(handle);
    let connections = 0;
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { server, origin, connections: () => connections };
  }

  function poolFor(origin: string, size: number) {
    const pool = new KeepAlivePool(origin, size);
    cleanups.push(() => pool.close());
    return pool;
  }

  function send(pool: KeepAlivePool, path: string): Promise<Answer> {
    return new Promise((resolve) => pool.send(pool.head('GET', path, {}), resolve));
  }

  /** A server that answers after 5 ms: 404 for /missing, 200 otherwise. */
  async function serveSlowly() {
    const seen: string[] = [];
    let inServer = 0;
    let mostInServer = 0;
    const served = await serve((request, response) => {
      inServer++;
      mostInServer = Math.max(mostInServer, inServer);
      seen.push(request.url ?? '');
      setTimeout(() => {
        inServer--;
        response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-length': 2 });
        response.end('{}');
      }, 5);
    });
    return { ...served, seen, mostInServer: () => mostInServer };
  }

  const PATHS = ['/1', '/2', '/3', '/missing', '/5', '/6'];

  it('answers on the connections it opened, one request in flight on each', async () => {
    const server = await serveSlowly();
    const pool = poolFor(server.origin, 2);
    await pool.fill();
    const answers = await Promise.all(PATHS.map((path) => send(pool, path)));
    expect(answers).toEqual(PATHS.map((path) => ({ status: path === '/missing' ? 404 : 200 })));
    expect(server.mostInServer()).toBe(2);
    expect(server.connections()).toBe(2);
  });

  it('sends queued requests in the order they came', async () => {
    const server = await serveSlowly();
    const pool = poolFor(server.origin, 1);
    await Promise.all(PATHS.map((path) => send(pool, path)));
    expect(server.seen).toEqual(PATHS);
  });

  it('replaces connections the server closed while they were idle', async () => {
    const { server, origin, connections } = await serve((_request, response) => {
      response.end('{}');
    });
    const pool = poolFor(origin, 2);
    await pool.fill();
    expect(await send(pool, '/')).toEqual({ status: 200 });
    // As a keep-alive timeout does.
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await Promise.all([send(pool, '/'), send(pool, '/')])).toEqual([
      { status: 200 },
      { status: 200 },
    ]);
    expect(connections()).toBeGreaterThan(2);
  });

  it('does not reuse a connection idle for nearly the keep-alive timeout the server gave', async () => {
    const { server, origin, connections } = await serve((_request, response) => {
      response.end('{}');
    });
    // node:http says `Keep-Alive: timeout=1`; the pool takes 1 s less, so it never reuses.
    server.keepAliveTimeout = 1000;
    const pool = poolFor(origin, 1);
    expect(await send(pool, '/')).toEqual({ status: 200 });
    expect(await send(pool, '/')).toEqual({ status: 200 });
    expect(connections()).toBe(2);
  });

  it('answers a request whose connection dies with an error, and goes on', async () => {
    const { origin } = await serve((request, response) => {
      if (request.url === '/die') request.socket.destroy();
      else response.end('{}');
    });
    const pool = poolFor(origin, 1);
    expect(await send(pool, '/die')).toEqual({ error: 'connection closed' });
    expect(await send(pool, '/')).toEqual({ status: 200 });
  });

  it('sends nothing more on a connection the server closes after its answer', async () => {
    const { origin, connections } = await serve((request, response) => {
      if (request.url === '/last') response.setHeader('connection', 'close');
      response.end('{}');
    });
    const pool = poolFor(origin, 1);
    expect(await send(pool, '/last')).toEqual({ status: 200 });
    expect(await send(pool, '/')).toEqual({ status: 200 });
    expect(connections()).toBe(2);
  });
});

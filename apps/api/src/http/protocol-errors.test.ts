import { connect } from 'node:net';
import { MESSAGES } from '@wellbank/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type WellbankApp } from '../app.ts';
import { untouchedDeps } from '../test/untouched-deps.ts';

function start() {
  return buildApp({ ...untouchedDeps(), appUrl: 'http://x' });
}

let app: WellbankApp;
let port: number;
beforeAll(async () => {
  app = await start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client would send most of these) and reads the one answer. */
function send(request: string, toPort = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(toPort, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...body] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.join('\r\n\r\n') });
    });
  });
}

function expectError(answer: RawAnswer, status: number, error: string | undefined) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error });
}

const CLOSE = 'Connection: close\r\n';

describe('refusals of the HTTP exchange keep the {error} contract', () => {
  it('answers headers over 16 KB with 431 {error}', async () => {
    const answer = await send(
      `GET /api/v1/schools HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectError(answer, 431, MESSAGES.headersTooLarge);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a request line over 16 KB (a long URL) with 431 {error}', async () => {
    const answer = await send(
      `GET /api/v1/schools?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectError(answer, 431, MESSAGES.headersTooLarge);
  });

  it('answers a malformed request line, method, version or length with 400 {error}', async () => {
    const requests = [
      'GARBAGE\r\n\r\n',
      'FOO / HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'POST /api/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ];
    for (const request of requests) expectError(await send(request), 400, MESSAGES.badRequest);
  });

  it('answers an HTTP/1.1 request without Host with 400 {error}', async () => {
    const answer = await send(`GET /api/v1/openapi.json HTTP/1.1\r\n${CLOSE}\r\n`);
    expectError(answer, 400, MESSAGES.badRequest);
  });

  it('answers an Expect it cannot meet with 417 {error}', async () => {
    const answer = await send(
      `POST /api/v1/signup HTTP/1.1\r\nHost: x\r\nExpect: 100-banana\r\nContent-Type: application/json\r\nContent-Length: 2\r\n${CLOSE}\r\n{}`,
    );
    expectError(answer, 417, MESSAGES.expectationFailed);
  });

  it('answers a body over the limit with 413 {error} in our words', async () => {
    const body = JSON.stringify({ email: 'x'.repeat(1_100_000) });
    const answer = await send(
      `POST /api/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${CLOSE}\r\n${body}`,
    );
    expectError(answer, 413, MESSAGES.bodyTooLarge);
  });

  it('answers a media type it does not parse with 415 {error} in our words', async () => {
    const answer = await send(
      `POST /api/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 9\r\n${CLOSE}\r\n<school/>`,
    );
    expectError(answer, 415, MESSAGES.unsupportedMediaType);
  });

  it('answers a request that arrives while the server closes with 503 {error}', async () => {
    const closing = await start();
    let answer: RawAnswer | undefined;
    // Hooks run in order: buildApp's own preClose has marked the server closing by now, and it
    // still listens until the preClose hooks are done.
    closing.addHook('preClose', async () => {
      const { port: closingPort } = closing.server.address() as { port: number };
      answer = await send(
        `GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`,
        closingPort,
      );
    });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();
    expect(answer).toBeDefined();
    if (answer) expectError(answer, 503, MESSAGES.serverRestarting);
  });

  it('logs a refusal while closing with its real duration, not the time since the process began', async () => {
    const lines: Array<{ statusCode?: number; ms?: number }> = [];
    const closing = await buildApp({
      ...untouchedDeps(),
      appUrl: 'http://x',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    let took = Number.POSITIVE_INFINITY;
    closing.addHook('preClose', async () => {
      const { port: closingPort } = closing.server.address() as { port: number };
      const sentAt = performance.now();
      await send(`GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`, closingPort);
      took = performance.now() - sentAt;
    });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();
    const refused = lines.find((line) => line.statusCode === 503);
    expect(refused?.ms).toBeGreaterThanOrEqual(0);
    expect(refused?.ms).toBeLessThanOrEqual(took);
  });
});

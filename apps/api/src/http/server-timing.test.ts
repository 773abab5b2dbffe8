import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installServerTiming } from './server-timing.ts';

describe('installServerTiming', () => {
  it('reports the time spent in the server on every response, errors included', async () => {
    const app = Fastify();
    installServerTiming(app);
    app.get('/slow', async () => {
      await sleep(20);
      return { ok: true };
    });
    const slow = await app.inject({ url: '/slow' });
    expect(slow.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect(Number(String(slow.headers['server-timing']).slice('app;dur='.length))).toBeGreaterThan(
      15,
    );
    const missing = await app.inject({ url: '/missing' });
    expect(missing.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    await app.close();
  });
});

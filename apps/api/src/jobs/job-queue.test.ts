import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type JobDefinition, jobType } from './job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const NOTE = jobType<{ text: string }>('note');
const ran: string[] = [];
const noteJob: JobDefinition<{ text: string }> = {
  type: NOTE,
  queue: {},
  async run({ text }) {
    ran.push(text);
  },
};

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(database.queueConnection, false);
  await queue.start({ jobs: [noteJob], log: { warn: () => {}, error: () => {} } });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('createJobQueue', () => {
  it('runs a job sent in a transaction that commits, and never one whose transaction rolled back', async () => {
    await database.db.transaction((tx) => queue.send(tx, NOTE, { text: 'committed' }));
    const rolledBack = database.db.transaction(async (tx) => {
      await queue.send(tx, NOTE, { text: 'rolled back' });
      throw new Error('the request failed after enqueueing');
    });
    await expect(rolledBack).rejects.toThrow('the request failed');

    await queue.runDueJobs();
    expect(ran).toEqual(['committed']);
  });

  it('is running from start to stop', async () => {
    const other = createJobQueue(database.queueConnection, false);
    expect(other.isRunning()).toBe(false);
    await other.start({ jobs: [noteJob], log: { warn: () => {}, error: () => {} } });
    expect(other.isRunning()).toBe(true);
    await other.stop();
    expect(other.isRunning()).toBe(false);
  });
});

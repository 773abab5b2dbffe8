import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DataDirLockedError,
  LOCK_STALE_MS,
  type LockHolder,
  lockDataDir,
} from './data-dir-lock.ts';

let dataDir = '';
const children: ChildProcess[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wellbank-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

/** A process of this host: running for the test, or started and already gone. */
async function processOfThisHost(options: { running: boolean }): Promise<number> {
  const child = spawn(process.execPath, [
    '-e',
    options.running ? 'setTimeout(() => {}, 60000)' : '',
  ]);
  children.push(child);
  if (!options.running) await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

/** The lock as a server leaves it when it is killed: its directory with its holder inside. */
async function leaveLock(holder: Omit<LockHolder, 'nonce'>, heartbeatAgoMs = 0) {
  const lockPath = join(dataDir, 'server.lock');
  await mkdir(lockPath);
  await writeFile(join(lockPath, 'holder.json'), JSON.stringify({ ...holder, nonce: 'left' }));
  const heartbeat = new Date(Date.now() - heartbeatAgoMs);
  await utimes(lockPath, heartbeat, heartbeat);
}

describe('lockDataDir', () => {
  it('takes over at once a lock whose holder on this host no longer runs, and says so', async () => {
    const pid = await processOfThisHost({ running: false });
    await leaveLock({ pid, host: hostname() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const release = await lockDataDir(dataDir);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`removed a stale lock left by pid ${pid}`),
    );
    await release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses while the holder runs, naming its pid and host', async () => {
    const pid = await processOfThisHost({ running: true });
    await leaveLock({ pid, host: hostname() });
    const refusal = lockDataDir(dataDir);
    await expect(refusal).rejects.toThrow(DataDirLockedError);
    await expect(refusal).rejects.toThrow(
      `Another Wellbank server (pid ${pid} on ${hostname()}) is already using DATA_DIR=${dataDir} (stop it first)`,
    );
  });

  it('trusts a holder on another host until its heartbeat is more than 10 s old', async () => {
    const pid = await processOfThisHost({ running: false });
    await leaveLock({ pid, host: 'elsewhere.example' }, LOCK_STALE_MS - 2_000);
    await expect(lockDataDir(dataDir)).rejects.toThrow('pid');
    await rm(join(dataDir, 'server.lock'), { recursive: true });
    await leaveLock({ pid, host: 'elsewhere.example' }, LOCK_STALE_MS + 2_000);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const release = await lockDataDir(dataDir);
    await release();
  });
});

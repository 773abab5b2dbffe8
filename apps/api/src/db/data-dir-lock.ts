import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** How long a lock outlives its last heartbeat when its holder cannot be asked directly. */
export const LOCK_STALE_MS = 10_000;

/** Who holds the lock: written into the lock directory right after it is taken. */
export interface LockHolder {
  pid: number;
  host: string;
  /** Tells two holders with the same pid apart (a container's server is often pid 1 each time). */
  nonce: string;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: LockHolder | undefined) {
    const who = holder ? `server (pid ${holder.pid} on ${holder.host})` : 'server';
    super(`Another Wellbank ${who} is already using DATA_DIR=${dataDir} (stop it first)`);
    this.name = 'DataDirLockedError';
  }
}

/** The nonces of the locks this process holds. */
const heldHere = new Set<string>();

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it.
 * `DATA_DIR/server.lock` (proper-lockfile: a directory whose mtime is a heartbeat, refreshed every
 * 5 s) names its holder. A lock is stale when its holder is on this host and no longer runs (taken
 * over at once, so a restart after a crash just works) or when its heartbeat stopped 10 s ago
 * (a holder on another host, or a lock that names none). Otherwise the start is refused.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, 'server.lock');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await takeLock(dataDir, lockPath);
    } catch (error) {
      // ENOTEMPTY: proper-lockfile found the heartbeat stale but cannot remove a named lock.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ELOCKED' && code !== 'ENOTEMPTY') throw error;
    }
    const lock = await inspect(lockPath);
    if (lock && !isStale(lock)) throw new DataDirLockedError(dataDir, lock.holder);
    // Servers racing for a free directory: one of them has it by now.
    if (attempt === 3) throw new DataDirLockedError(dataDir, lock?.holder);
    if (!lock || !(await moveAsideAndRemove(dataDir, lockPath, lock))) continue; // gone meanwhile
    const who = lock.holder ? `pid ${lock.holder.pid} on ${lock.holder.host}` : 'a server';
    console.warn(`Wellbank removed a stale lock left by ${who} on DATA_DIR=${dataDir}`);
  }
}

async function takeLock(dataDir: string, lockPath: string): Promise<() => Promise<void>> {
  const holder: LockHolder = { pid: process.pid, host: hostname(), nonce: randomUUID() };
  const release = await lockfile.lock(dataDir, {
    lockfilePath: lockPath,
    stale: LOCK_STALE_MS,
    fs: fsNamingHolder(holder),
    onCompromised: (error) => {
      console.error(`Lost the lock on DATA_DIR=${dataDir}: ${error.message}`);
      process.exit(1);
    },
  });
  heldHere.add(holder.nonce);
  return async () => {
    heldHere.delete(holder.nonce);
    // proper-lockfile removes only an empty directory.
    await rm(holderPath(lockPath), { force: true });
    await release();
  };
}

/**
 * proper-lockfile's file system, whose `mkdir` of the lock also writes its holder inside: before
 * proper-lockfile notes the directory's mtime as its own heartbeat, which a later write would
 * change (and proper-lockfile would then think its lock taken over).
 */
function fsNamingHolder(holder: LockHolder) {
  return {
    ...fs,
    mkdir(path: string, done: (error: NodeJS.ErrnoException | null) => void) {
      fs.mkdir(path, (mkdirError) => {
        if (mkdirError) return done(mkdirError);
        fs.writeFile(holderPath(path), JSON.stringify(holder), (writeError) => {
          if (!writeError) return done(null);
          fs.rm(path, { recursive: true, force: true }, () => done(writeError));
        });
      });
    },
  };
}

interface LockSeen {
  holder: LockHolder | undefined;
  /** Inode, heartbeat and holder (a rename keeps all three): tells a replaced lock apart. */
  identity: string;
  heartbeatAt: number;
}

async function inspect(lockPath: string): Promise<LockSeen | undefined> {
  const seen = await stat(lockPath).catch(() => undefined);
  if (!seen) return undefined;
  const holder = await readHolder(lockPath);
  const identity = `${seen.ino}:${seen.mtimeMs}:${holder?.nonce}`;
  return { holder, identity, heartbeatAt: seen.mtimeMs };
}

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(holderPath(lockPath), 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined; // not written yet, or unreadable: only the heartbeat can tell
  }
}

function isStale({ holder, heartbeatAt }: LockSeen): boolean {
  if (Date.now() - heartbeatAt > LOCK_STALE_MS) return true;
  if (!holder || holder.host !== hostname() || heldHere.has(holder.nonce)) return false;
  return holder.pid === process.pid || !isRunning(holder.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's live process
  }
}

/**
 * Two servers may find the same stale lock; a rename moves it away atomically. If what got moved
 * is not the lock judged stale (the other server already replaced it with its own), it goes back.
 */
async function moveAsideAndRemove(
  dataDir: string,
  lockPath: string,
  stale: LockSeen,
): Promise<boolean> {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return false; // already gone: the next attempt tells
  }
  const moved = await inspect(aside);
  if (moved?.identity !== stale.identity) {
    await rename(aside, lockPath).catch(() => {});
    throw new DataDirLockedError(dataDir, moved?.holder);
  }
  await rm(aside, { recursive: true, force: true });
  return true;
}

function holderPath(lockPath: string): string {
  return join(lockPath, 'holder.json');
}

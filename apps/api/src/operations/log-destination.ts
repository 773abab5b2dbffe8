import { write as writeAsync, writeSync } from 'node:fs';

/** Lines leave in writes of at least this much… */
const WRITE_AT_LENGTH = 64 * 1024;
/** …or at least this often, so a quiet server's log stays current. */
const WRITE_EVERY_MS = 1000;
/** A reader that stopped reading for now (EAGAIN) is tried again this much later. */
const RETRY_MS = 100;
/** What may wait for a slow reader; lines past it are dropped rather than held in memory. */
const MAX_WAITING_LENGTH = 4 * 1024 * 1024;

export interface LogDestination {
  /** pino's stream: takes one line, never waits and never throws. */
  write(line: string): void;
  /** Resolves once everything taken so far is written, or after `timeoutMs` whatever happened. */
  flush(timeoutMs: number): Promise<void>;
}

/**
 * Where the log goes (stdout): buffered, written asynchronously 64 KB at a time or once a second,
 * because a write per line cost a system call and a thread-pool hand-off per request, 8 % of the
 * server's CPU per activity write, and a write per 4 KB still ~2 µs per read (docs/performance.md).
 * Unlike pino's own destination it never lets the log hold the process: a destination that fails
 * (EPIPE: its reader is gone) is given up for good, one that is slow makes lines wait (then drop),
 * and at exit the rest gets one attempt, not a retry every 100 ms forever (decision 0009).
 */
export function createLogDestination(fd = nonBlockingStdout()): LogDestination {
  let text = '';
  /** Taken from `text` and handed to the kernel, which has not accepted all of it yet. */
  let chunk: Buffer | undefined;
  let writing = false;
  let broken = false;
  let waiters: Array<() => void> = [];

  const isEmpty = () => chunk === undefined && text === '';
  const settle = () => {
    for (const resolve of waiters) resolve();
    waiters = [];
  };

  function writeOut() {
    if (writing) return;
    if (broken || isEmpty()) return settle();
    if (chunk === undefined) {
      chunk = Buffer.from(text);
      text = '';
    }
    writing = true;
    writeAsync(fd, chunk, (error, written) => {
      writing = false;
      if (error?.code === 'EAGAIN') {
        setTimeout(writeOut, RETRY_MS).unref();
        return;
      }
      if (error) {
        broken = true;
        text = '';
        chunk = undefined;
        return settle();
      }
      chunk = written < (chunk?.length ?? 0) ? chunk?.subarray(written) : undefined;
      if (chunk || text.length >= WRITE_AT_LENGTH || waiters.length > 0) writeOut();
    });
  }

  setInterval(writeOut, WRITE_EVERY_MS).unref();
  // One attempt for what is left when the process ends (a crash): on a non-blocking descriptor
  // a reader that is gone or full makes it fail at once instead of holding the exit.
  process.once('exit', () => {
    if (broken || writing || isEmpty()) return;
    try {
      if (chunk) writeSync(fd, chunk);
      writeSync(fd, text);
    } catch {
      // Nowhere left to say so.
    }
  });

  return {
    write(line) {
      if (broken || text.length + (chunk?.length ?? 0) > MAX_WAITING_LENGTH) return;
      text += line;
      if (text.length >= WRITE_AT_LENGTH) writeOut();
    },
    flush(timeoutMs) {
      return new Promise((resolve) => {
        setTimeout(resolve, timeoutMs).unref();
        waiters.push(resolve);
        writeOut();
      });
    },
  };
}

/**
 * fd 1, after letting Node open it as process.stdout: for a pipe, that switches it to non-blocking
 * mode (libuv), so a write to a reader that stopped reading fails with EAGAIN instead of blocking
 * a thread-pool thread, which process.exit would then wait for forever.
 */
function nonBlockingStdout(): number {
  return process.stdout.fd;
}

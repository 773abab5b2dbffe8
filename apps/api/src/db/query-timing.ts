import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { FairPGlite } from './fair-pglite.ts';

/** Called after each statement with its text and how long the database took, error or not. */
export type QueryListener = (text: string, ms: number) => void;

/**
 * LOG_LEVEL=debug only: wraps the drivers' query methods, which every statement goes through
 * (Drizzle's and the prepared statements of db/prepared.ts alike). Without a listener nothing is wrapped,
 * so an ordinary run pays nothing.
 */
export function timePgQueries(pool: pg.Pool, listener: QueryListener): void {
  // Pool.query borrows a client too, so the clients' query is the one place to time.
  pool.on('connect', (client) => timeMethod(client, 'query', listener));
}

export function timePgliteQueries(client: FairPGlite, listener: QueryListener): void {
  timeMethod(client, 'query', listener);
  timeMethod(client, 'exec', listener);
  // The prepared statements (db/pglite-statements.ts), given as `{name, text}`.
  timeMethod(client, 'executeNamed', listener);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      timeMethod(tx, 'query', listener);
      timeMethod(tx, 'exec', listener);
      return callback(tx);
    });
}

function timeMethod<T extends object>(target: T, method: keyof T, listener: QueryListener) {
  const original = target[method] as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]) => {
    const startedAt = performance.now();
    const report = () => listener(statementText(args[0]), performance.now() - startedAt);
    // node-postgres's Pool.query calls its client's query with a callback, not for a promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        report();
        return callback(...results);
      };
    }
    const result = original.apply(target, args);
    if (result instanceof Promise) result.then(report, report);
    return result;
  };
  Object.assign(target, { [method]: timed });
}

/** A statement is given as its text or, by node-postgres, as a config object with `text`. */
function statementText(statement: unknown): string {
  if (typeof statement === 'string') return statement;
  const text = (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '(unknown statement)';
}

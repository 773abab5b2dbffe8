import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { executeNamed, type NamedStatement } from './pglite-statements.ts';

/**
 * PGlite whose statements and transactions take turns with the rest of the process: one at a
 * time, in the order they were asked for, and never more than TURN_MS of them in one turn of
 * the event loop.
 *
 * PGlite runs in this thread and answers without any I/O, so a queue of requests' queries would
 * otherwise all run in one turn, and the event loop would come back to its sockets only once they
 * were done. Node accepts one new connection per turn, so under load a new connection waited for
 * as many turns as there were requests ahead of it each time (seconds, at 64 connections), while
 * connections already open got through in one: docs/decisions/0011-latency-at-fixed-load.md.
 * Work inside a transaction does not yield: the transaction is one turn.
 */
/**
 * Statements run back to back for this long before the event loop gets its turn: a turn per
 * statement cost about 1 ms of CPU per write (an epoll call per turn is dear on our VMs).
 */
const TURN_MS = 5;

export class FairPGlite extends PGlite {
  #last: Promise<unknown> = Promise.resolve();
  #turnStartedAt = 0;
  /**
   * Not while PGlite starts: its start-up runs queries of its own while the first caller's
   * query waits for it, so that query would keep the turn the start-up needs.
   */
  #started = false;

  constructor(dataDir?: string) {
    super(dataDir);
    this.waitReady.then(
      () => {
        this.#started = true;
      },
      () => undefined,
    );
  }

  #inTurn<T>(operation: () => Promise<T>): Promise<T> {
    if (!this.#started) return operation();
    const result = this.#last.then(() => this.#yieldIfTurnIsOver()).then(operation);
    this.#last = result.catch(() => undefined);
    return result;
  }

  async #yieldIfTurnIsOver(): Promise<void> {
    if (performance.now() - this.#turnStartedAt < TURN_MS) return;
    await nextTurn();
    this.#turnStartedAt = performance.now();
  }

  /**
   * Runs `operation` in turn with the statements and transactions queued here: for what goes to
   * PGlite by `execProtocol` (pglite-statements.ts), which PGlite does not queue. Not inside a
   * transaction, which holds the turn already.
   */
  exclusive<T>(operation: () => Promise<T>): Promise<T> {
    return this.#inTurn(operation);
  }

  /**
   * Runs a statement under its name (pglite-statements.ts) in the caller's turn: a method, so that
   * LOG_LEVEL=debug times it as it times `query` (query-timing.ts).
   */
  executeNamed(statement: NamedStatement, values: readonly unknown[]) {
    return executeNamed(this, statement, values);
  }

  override query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.#inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#inTurn(() => super.transaction(callback));
  }
}

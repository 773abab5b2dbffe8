import { createHash } from 'node:crypto';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';
import { FairPGlite } from './fair-pglite.ts';
import { retryOnConflict } from './transaction-retry.ts';

/*
 * The second way this app runs SQL, for the statements of nearly every request (the session
 * lookup, today's activities, the activity write): a `sql` template compiled once, when its module
 * loads, and run on the driver as a named prepared statement. The first way, Drizzle's query
 * builder, is for everything else. Compiling once saves rendering the template per call and
 * Drizzle's per-execution wrappers; naming the statement lets PostgreSQL parse and plan it once
 * per connection instead of at every call (decision 0012, docs/performance.md); on PGlite, once
 * per database (pglite-statements.ts). Only public APIs: Drizzle's `$client` and `PgDialect`,
 * `pg`'s `query`, PGlite's transactions and `execProtocol`.
 */

/** A compiled statement: its text, and which named value each `$n` takes. */
export interface PreparedStatement<Row, Values> {
  readonly name: string;
  readonly text: string;
  readonly placeholders: readonly string[];
  /** Carries the row and value types only. */
  readonly types?: { row: Row; values: Values };
}

/** Runs prepared statements on the database, or inside one of its transactions. */
export interface StatementRunner {
  run<Row, Values extends object>(
    statement: PreparedStatement<Row, Values>,
    values: Values,
  ): Promise<Row[]>;
}

const dialect = new PgDialect();

/**
 * Compiles a template whose every value is a `sql.placeholder('name')`, so that its text is one
 * whatever the values: a value spliced in (`${value}` or `sql.raw`) would make PostgreSQL keep a
 * statement per value on every connection, so it is refused. Rows come with the drivers' own type
 * parsers, which give what Drizzle gives for numbers, text, booleans, timestamps with time zone,
 * jsonb and arrays; a `date` would come back as a Date, not Drizzle's string: select it as text.
 */
export function prepareStatement<Row, Values extends object>(
  template: SQL,
): PreparedStatement<Row, Values> {
  const { sql: text, params } = dialect.sqlToQuery(template);
  const placeholders = params.map((param) => {
    if (!is(param, Placeholder)) throw new Error(`every value must be a sql.placeholder: ${text}`);
    return param.name;
  });
  return { name: statementName(text), text, placeholders };
}

const names = new Map<string, string>();

/**
 * The name PostgreSQL prepares a statement text under: derived from the text, so one name never
 * stands for two texts (the server refuses that) and every instance names a text alike.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `wb_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Runs a prepared statement on the database itself (its own transaction). */
export function runPrepared<Row, Values extends object>(
  db: Db,
  statement: PreparedStatement<Row, Values>,
  values: Values,
): Promise<Row[]> {
  return databaseRunner(db).run(statement, values);
}

/**
 * Runs `work` in one transaction of the database: committed when it resolves, rolled back when
 * it throws, run again whole after a deadlock or serialization failure (`retryOnConflict`). Its
 * statements are prepared statements; for the query builder use `db.transaction`.
 */
export function preparedTransaction<T>(
  db: Db,
  work: (tx: StatementRunner) => Promise<T>,
): Promise<T> {
  return retryOnConflict(() => transactionOnce(db, work));
}

async function transactionOnce<T>(db: Db, work: (tx: StatementRunner) => Promise<T>): Promise<T> {
  const client = driverOf(db);
  if (client instanceof FairPGlite) return client.transaction(() => work(pgliteRunner(client)));
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('begin');
    const result = await work(driverRunner(connection));
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that could not roll back is closed, not handed to the next request.
    connection.release(broken);
  }
}

/**
 * A runner over a `pg` pool or connection: the bench's baseline server uses it on bare `pg`, so
 * it sends what the app sends.
 */
export function driverRunner(client: pg.Pool | pg.Client): StatementRunner {
  return {
    async run(statement, values) {
      const { name, text } = statement;
      return (await client.query({ name, text, values: valuesOf(statement, values) })).rows;
    },
  };
}

/**
 * A runner on PGlite. On the database itself each statement waits for PGlite's turn
 * (`waitForTurn`); inside a transaction, which holds the turn, it runs at once.
 */
function pgliteRunner(client: FairPGlite, { waitForTurn = false } = {}): StatementRunner {
  return {
    async run(statement, values) {
      const execute = () => client.executeNamed(statement, valuesOf(statement, values));
      return (await (waitForTurn ? client.exclusive(execute) : execute())) as never;
    },
  };
}

function valuesOf(statement: PreparedStatement<unknown, unknown>, values: object) {
  return statement.placeholders.map((placeholder) => {
    const value = (values as Record<string, unknown>)[placeholder];
    if (value === undefined) throw new Error(`no value for ${placeholder}: ${statement.text}`);
    return value;
  });
}

const runners = new WeakMap<Db, StatementRunner>();

function databaseRunner(db: Db): StatementRunner {
  let runner = runners.get(db);
  if (runner === undefined) {
    const client = driverOf(db);
    runner =
      client instanceof FairPGlite
        ? pgliteRunner(client, { waitForTurn: true })
        : driverRunner(client);
    runners.set(db, runner);
  }
  return runner;
}

/** The driver under Drizzle: a database, not one of Drizzle's transactions (they have none). */
function driverOf(db: Db): pg.Pool | FairPGlite {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof FairPGlite) return client;
  throw new Error('prepared statements run on the database itself, not in a Drizzle transaction');
}

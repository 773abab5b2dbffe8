import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Column, is, Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

/** What `preparedSelect` needs of a Drizzle select: its SQL and the names of its fields. */
interface SelectBuilder<Row> {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: object; result: Row[] };
}

export interface PreparedSelect<Row> {
  /** Runs the select with these values for its `sql.placeholder`s. */
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

type RunOnDriver = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

const selects = new WeakMap<Db, Map<string, PreparedSelect<unknown>>>();

/**
 * A flat Drizzle select (placeholders as `sql.placeholder`), compiled once per database and run
 * straight on the driver as a named prepared statement, rows as arrays named by the select's
 * fields. For the reads every request or dashboard visit makes: Drizzle's own prepared query costs
 * about 0.02 ms of CPU more per execution (its tracing wrappers, per-query type parsers and row
 * mapper; docs/performance.md). Both drivers' default type parsers give the same JavaScript values
 * as Drizzle for numbers, text, booleans, timestamps with time zone, jsonb and arrays; a `date`
 * column would come back as a Date, not Drizzle's string, so select none. Only on the database
 * itself, not inside a transaction.
 */
export function preparedSelect<Row>(
  db: Db,
  name: string,
  build: (db: Db) => SelectBuilder<Row>,
): PreparedSelect<Row> {
  let prepared = selects.get(db);
  if (!prepared) {
    prepared = new Map();
    selects.set(db, prepared);
  }
  let select = prepared.get(name) as PreparedSelect<Row> | undefined;
  if (select === undefined) {
    select = compileSelect(runOnDriver(db), name, build(db));
    prepared.set(name, select);
  }
  return select;
}

function compileSelect<Row>(
  run: RunOnDriver,
  name: string,
  builder: SelectBuilder<Row>,
): PreparedSelect<Row> {
  const { sql: text, params } = builder.toSQL();
  const placeholders = params.map((param) => {
    if (!is(param, Placeholder)) throw new Error(`${name}: every value must be a sql.placeholder`);
    return param.name;
  });
  const fields = Object.entries(builder._.selectedFields).map(([field, column]) => {
    if (!is(column, Column) && !is(column, SQL)) throw new Error(`${name}: select flat fields`);
    return field;
  });
  return {
    async execute(values) {
      const rows = await run(
        name,
        text,
        placeholders.map((placeholder) => values[placeholder]),
      );
      return rows.map((row) => {
        const named: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) named[fields[i] as string] = row[i];
        return named as Row;
      });
    },
  };
}

function runOnDriver(db: Db): RunOnDriver {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (name, text, values) =>
      (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  }
  if (client instanceof PGlite) {
    return async (_name, text, values) =>
      (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  }
  throw new Error('preparedSelect runs on the database itself, not inside a transaction');
}

const dialect = new PgDialect();
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

/**
 * Runs a `sql` template as a named prepared statement and returns its rows. PostgreSQL then parses
 * and plans the text once per connection instead of at every call: for an activity write that is
 * about a third of the CPU the database and the kernel spend (docs/performance.md). Only for
 * templates whose text is one of a few: values must be parameters (`${value}`), never spliced in
 * with `sql.raw`, or each connection would keep a statement per value. PGlite runs it as an
 * ordinary statement.
 */
export async function queryPreparedSql<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

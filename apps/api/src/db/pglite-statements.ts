import { parse, protocol } from '@electric-sql/pglite';
import type { FairPGlite } from './fair-pglite.ts';

/*
 * Named prepared statements on PGlite, which its `query` does not offer: it parses, describes and
 * plans every statement as the unnamed one, in five round trips into WebAssembly. PostgreSQL's
 * planning asks the size of every table and index a statement touches, which in PGlite is an
 * lseek that Emscripten answers with an fstat: that alone was ~10 % of PGlite's CPU per activity
 * write. Named, a statement is parsed once per database and runs from its cached plan, and each
 * execution is one round trip (Bind, Execute, Sync) through PGlite's public `execProtocol`, its
 * rows read by PGlite's own `parseResults`: a select went from 220 to 58 µs (docs/performance.md).
 * The PostgreSQL server gets the same statements as named statements through `pg` (prepared.ts).
 */

/** A statement's text and the name it is prepared under (prepared.ts `statementName`). */
export interface NamedStatement {
  name: string;
  text: string;
}

type Messages = Awaited<ReturnType<FairPGlite['execProtocol']>>['messages'];

/** What PostgreSQL said of a statement when it was prepared. */
interface Described {
  parameterTypes: number[];
  /** Its RowDescription (absent for a statement that returns no rows), put before each result. */
  columns: Messages;
}

const describedByDatabase = new WeakMap<FairPGlite, Map<string, Described>>();

/**
 * Runs a statement under its name, preparing it on first use. The caller holds PGlite's turn
 * (inside a transaction, or through `FairPGlite.exclusive`): `execProtocol` queues nothing itself.
 * A failing statement throws PostgreSQL's error (its `code`, `constraint`…) as `query` does.
 */
export async function executeNamed(
  client: FairPGlite,
  statement: NamedStatement,
  values: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  const described = await describe(client, statement);
  const parameters = values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[described.parameterTypes[i] ?? 0];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await client.execProtocol(
    Buffer.concat([
      protocol.serialize.bind({ statement: statement.name, values: parameters }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
    // As `query` does: written out after a statement, not after each one of a transaction.
    { syncToFs: !client.isInTransaction() },
  );
  const [result] = parse.parseResults([...described.columns, ...messages], client.parsers);
  return (result?.rows ?? []) as Record<string, unknown>[];
}

async function describe(client: FairPGlite, statement: NamedStatement): Promise<Described> {
  let described = describedByDatabase.get(client);
  if (!described) {
    described = new Map();
    describedByDatabase.set(client, described);
  }
  const known = described.get(statement.name);
  if (known) return known;
  const { messages } = await client.execProtocol(
    Buffer.concat([
      protocol.serialize.parse({ name: statement.name, text: statement.text }),
      protocol.serialize.describe({ type: 'S', name: statement.name }),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const result: Described = {
    parameterTypes: parse.parseDescribeStatementResults(messages),
    columns: messages.filter((message) => message.name === 'rowDescription'),
  };
  described.set(statement.name, result);
  return result;
}

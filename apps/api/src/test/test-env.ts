/** The environment variables only tests read; the server's own live in env.ts. */

/** The seed of a failed property-based test run, to replay it; unset for a fresh seed. */
export function replaySeed(): string | undefined {
  return process.env.FC_SEED || undefined;
}

/** Tests run on this PostgreSQL server when set, else on in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

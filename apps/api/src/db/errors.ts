interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error inside whatever the driver and drizzle wrapped it in. */
function databaseError(error: unknown): { sqlState: string; constraint?: string } | undefined {
  for (let current = error; isRecord(current); current = (current as DatabaseErrorFields).cause) {
    const { code, constraint } = current as DatabaseErrorFields;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { sqlState: code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}

/** The constraint a unique violation (SQLSTATE 23505) broke. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const found = databaseError(error);
  return found?.sqlState === '23505' ? (found.constraint ?? '') : undefined;
}

/**
 * A value PostgreSQL cannot store (SQLSTATE class 22, e.g. a NUL character in text): bad input,
 * not a server fault.
 */
export function isDataException(error: unknown): boolean {
  return databaseError(error)?.sqlState.startsWith('22') ?? false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The constraint an exclusion violation (SQLSTATE 23P01) broke. */
export function violatedExclusionConstraint(error: unknown): string | undefined {
  const found = databaseError(error);
  return found?.sqlState === '23P01' ? (found.constraint ?? '') : undefined;
}

/**
 * PostgreSQL gave up on the transaction so that others could go on: a serialization failure
 * (40001) or a deadlock (40P01). It rolled back whole, so running it again is safe.
 */
export function isTransactionConflict(error: unknown): boolean {
  const sqlState = databaseError(error)?.sqlState;
  return sqlState === '40001' || sqlState === '40P01';
}

/** One thing the server needs before it takes traffic: the database, later the job queue. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when ready; rejects saying why not. */
  check(): Promise<void>;
}

/** A check that has not answered by then counts as failed: an unreachable host may never answer. */
const CHECK_TIMEOUT_MS = 2000;

export interface FailedCheck {
  name: string;
  reason: string;
}

/** The checks that fail, run side by side. */
export async function failedChecks(checks: ReadinessCheck[]): Promise<FailedCheck[]> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return undefined;
      } catch (error) {
        return { name, reason: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return results.filter((result) => result !== undefined);
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(`Another Wellbank server is already using DATA_DIR=${dataDir} (stop it first)`);
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it.
 * The lock is refreshed while we run and goes stale 10 s after a crash, so a restart works.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/server.lock`,
      stale: 10_000,
      onCompromised: (error) => {
        console.error(`Lost the lock on DATA_DIR=${dataDir}: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

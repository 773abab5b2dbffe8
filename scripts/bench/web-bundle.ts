import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type RouteBundles = Record<string, { gzip: number; raw: number }>;

/**
 * Builds the web app into `outDir` (not apps/web/dist, which a running server or a browser test
 * may be serving) and measures it with scripts/measure-web-bundle.mjs, the budget's own tool.
 */
export async function measureWebBundle(root: string, outDir: string): Promise<RouteBundles> {
  await run(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    maxBuffer: 16 * 1024 * 1024,
  });
  const measure = join(root, 'scripts/measure-web-bundle.mjs');
  // Exit code 1 means over budget: the figures are still printed, and reported as a miss.
  const { stdout } = await run(process.execPath, [measure, '--json', '--dist', outDir]).catch(
    (error: { code?: number; stdout?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw error;
    },
  );
  return JSON.parse(stdout) as RouteBundles;
}

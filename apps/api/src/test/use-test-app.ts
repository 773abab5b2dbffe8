import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A value a test file makes once in a `beforeAll` and reads in its tests as a plain constant:
 * property reads reach the value once the hook has run (earlier, at import, they throw).
 */
function madeBeforeAll<T extends object>(make: () => Promise<T>) {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  const current = () => {
    if (made === undefined) throw new Error('read before the file’s beforeAll ran');
    return made;
  };
  const value = new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
  });
  return { value, made: () => made };
}

interface Closable {
  close(): Promise<void>;
}

/**
 * The preamble of an API test file: an app on its own fresh database (createTestApp, or `open`),
 * opened before the file's tests and closed after them. `const t = useTestApp();` comes before
 * the file's own `beforeAll`s, which then run with the app open.
 */
export function useTestApp(): TestApp;
export function useTestApp<T extends Closable>(open: () => Promise<T>): T;
export function useTestApp(open: () => Promise<Closable> = () => createTestApp()): Closable {
  const app = madeBeforeAll(open);
  afterAll(() => app.made()?.close());
  return app.value;
}

/** What a file seeds once after its app opens: `const cast = seededOnce(() => seedCast(t));`. */
export function seededOnce<T extends object>(seed: () => Promise<T>): T {
  return madeBeforeAll(seed).value;
}

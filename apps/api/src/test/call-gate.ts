/**
 * Counts the calls of functions it wraps and, during `race`, holds them until every racer has
 * either reached one or been answered without one: the widest race a loaded server could see.
 * Test files wrap a module's functions with it in `vi.mock` (one gate per test file).
 */
function createCallGate() {
  let calls = 0;
  let hold: Promise<void> | undefined;

  return {
    wrap<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        calls += 1;
        await hold;
        return call(...args);
      };
    },

    /** Starts every racer at once; answers how many wrapped calls ran and each racer's result. */
    async race<T>(racers: (() => Promise<T>)[]): Promise<{ calls: number; results: T[] }> {
      let release = () => {};
      calls = 0;
      hold = new Promise((resolve) => {
        release = resolve;
      });
      let answeredWithoutCall = 0;
      const results = racers.map((racer) =>
        racer().then((result) => {
          if (hold) answeredWithoutCall += 1;
          return result;
        }),
      );
      const deadline = Date.now() + 20_000;
      while (calls + answeredWithoutCall < racers.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      hold = undefined;
      release();
      return { calls, results: await Promise.all(results) };
    },
  };
}

export const callGate = createCallGate();

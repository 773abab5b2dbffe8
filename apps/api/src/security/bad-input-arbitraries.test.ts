import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutatedFrom } from './bad-input-arbitraries.ts';

describe('mutatedFrom', () => {
  it('builds a body whatever two changes it draws, the same extra key twice included', () => {
    // FC_SEED=797030276 once drew an extra key '' twice for one object, and the generator threw.
    const valid = { user: { first_name: 'Sam', tags: ['a', 'b'] } };
    fc.assert(
      fc.property(mutatedFrom(valid), (body) => {
        expect(JSON.parse(JSON.stringify(body) ?? 'null')).toBeDefined();
      }),
      { seed: 1, numRuns: 5_000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CPU_RATIO_TARGET, median, meetsCpuTarget, pairRounds } from './paired-rounds.ts';

const cpu = fc.double({ min: 0.01, max: 10, noNaN: true });

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('pairRounds', () => {
  it('compares each round with itself: a machine slower in one minute slows both servers alike', () => {
    // The baseline's CPU per request triples in round 3 (another program ran then); the app's did
    // too. Pooled, the ratio would move; paired, every round says 1.2.
    const baseline = [0.3, 0.3, 0.9, 0.3, 0.3];
    const app = baseline.map((value) => value * 1.2);
    const rounds = pairRounds(app, baseline);
    for (const ratio of rounds.ratios) expect(ratio).toBeCloseTo(1.2, 10);
    expect(rounds.median).toBeCloseTo(1.2, 10);
  });

  it('keeps one disturbed round from moving the verdict', () => {
    fc.assert(
      fc.property(fc.array(cpu, { minLength: 5, maxLength: 12 }), cpu, cpu, (base, k, spike) => {
        const app = base.map((value) => value * k);
        app[0] = (app[0] as number) * (1 + spike * 10);
        const rounds = pairRounds(app, base);
        // All but one round say k: the median says k whatever the one says.
        expect(rounds.median).toBeCloseTo(k, 6);
        expect(rounds.min).toBeLessThanOrEqual(rounds.median);
        expect(rounds.max).toBeGreaterThanOrEqual(rounds.median);
      }),
    );
  });

  it('leaves out a round in which either server answered nothing', () => {
    const rounds = pairRounds([1, Number.NaN, 1.1, 1], [1, 1, 0, 1]);
    expect(rounds.ratios).toEqual([1, 1]);
  });
});

describe('meetsCpuTarget', () => {
  it(`needs five rounds with a median at most ${CPU_RATIO_TARGET}×`, () => {
    const five = (ratio: number) =>
      pairRounds(
        [1, 1, 1, 1, 1].map((v) => v * ratio),
        [1, 1, 1, 1, 1],
      );
    expect(meetsCpuTarget(five(1.1))).toBe(true);
    expect(meetsCpuTarget(five(1.2))).toBe(false);
    expect(meetsCpuTarget(pairRounds([1, 1, 1, 1], [1, 1, 1, 1]))).toBe(false);
  });
});

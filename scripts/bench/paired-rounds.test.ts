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
  it('compares each block with itself: a machine slower in one minute slows both servers alike', () => {
    // The baseline's CPU per request triples in rounds 3 and 4 (another program ran then); the
    // app's did too. Pooled, the ratio would move; paired, every block says 1.2.
    const baseline = [0.3, 0.3, 0.9, 0.9, 0.3, 0.3];
    const app = baseline.map((value) => value * 1.2);
    const rounds = pairRounds(app, baseline);
    for (const ratio of rounds.ratios) expect(ratio).toBeCloseTo(1.2, 10);
    expect(rounds.median).toBeCloseTo(1.2, 10);
  });

  it('cancels the order of a round: going second costs the same to both in a block', () => {
    // Whoever goes second in a round pays 0.1 ms more; the app goes second in every odd round.
    const baseline = [0.4, 0.3, 0.4, 0.3, 0.4, 0.3];
    const app = [0.3, 0.4, 0.3, 0.4, 0.3, 0.4];
    const blocks = pairRounds(app, baseline);
    expect(blocks.ratios).toEqual([1, 1, 1]);
  });

  it('keeps one disturbed block from moving the verdict', () => {
    fc.assert(
      fc.property(fc.array(cpu, { minLength: 6, maxLength: 12 }), cpu, cpu, (base, k, spike) => {
        const app = base.map((value) => value * k);
        app[0] = (app[0] as number) * (1 + spike * 10);
        const rounds = pairRounds(app, base);
        // All but one block say k: the median says k whatever the one says.
        expect(rounds.median).toBeCloseTo(k, 6);
        expect(rounds.min).toBeLessThanOrEqual(rounds.median);
        expect(rounds.max).toBeGreaterThanOrEqual(rounds.median);
      }),
    );
  });

  it('leaves out a block in which either server answered nothing, and a trailing odd round', () => {
    const blocks = pairRounds([1, Number.NaN, 1.1, 1, 2, 2, 5], [1, 1, 1, 1, 1, 1, 1]);
    expect(blocks.ratios).toEqual([1.05, 2]);
  });
});

describe('meetsCpuTarget', () => {
  it(`needs five blocks with a median at most ${CPU_RATIO_TARGET}×`, () => {
    const ten = Array.from({ length: 10 }, () => 1);
    const five = (ratio: number) =>
      pairRounds(
        ten.map((v) => v * ratio),
        ten,
      );
    expect(meetsCpuTarget(five(1.1))).toBe(true);
    expect(meetsCpuTarget(five(1.2))).toBe(false);
    expect(meetsCpuTarget(pairRounds(ten.slice(1), ten.slice(1)))).toBe(false);
  });
});

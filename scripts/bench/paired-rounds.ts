/**
 * The bench's verdict (issue 32 §5): CPU per request of the app against the baseline, server plus
 * PostgreSQL backends, compared block by block. A round is one slice of each server taken back to
 * back, A B then B A; a block is two rounds, A B B A, so whatever else the machine did in that
 * minute weighs on both, and so does going first or second: a slice right after the other
 * server's paid for its leftovers (a round's ratio swung 1.0 ↔ 1.2 with the order, decision 0049).
 * The verdict is the median of the blocks' ratios, which one disturbed block cannot move.
 */
export interface PairedRounds {
  /** app ÷ baseline, one per block of two rounds, in the order they ran. */
  ratios: number[];
  median: number;
  min: number;
  max: number;
}

/** The verdict needs at least this many blocks: with fewer, one bad block is a third of them. */
export const MIN_BLOCKS = 5;

/** The app may spend at most this much CPU per request against the baseline (issue 32 §5). */
export const CPU_RATIO_TARGET = 1.15;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Pairs the app's slices with the baseline's by round (the same index: each round measured each
 * server once), two rounds to a block (a trailing odd round is left out). Blocks where either
 * answered nothing carry no ratio.
 */
export function pairRounds(app: readonly number[], baseline: readonly number[]): PairedRounds {
  const ratios: number[] = [];
  for (let round = 0; round + 1 < Math.min(app.length, baseline.length); round += 2) {
    const ours = (app[round] as number) + (app[round + 1] as number);
    const theirs = (baseline[round] as number) + (baseline[round + 1] as number);
    if (Number.isFinite(ours / theirs) && theirs > 0) ratios.push(ours / theirs);
  }
  return {
    ratios,
    median: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

/** The verdict: enough rounds, and their median within the target. */
export function meetsCpuTarget(rounds: PairedRounds): boolean {
  return rounds.ratios.length >= MIN_BLOCKS && rounds.median <= CPU_RATIO_TARGET;
}

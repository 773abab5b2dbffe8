/**
 * The bench's verdict (issue 32 §5): CPU per request of the app against the baseline, server plus
 * PostgreSQL backends, compared round by round. A round is one slice of each server taken back to
 * back (A B, then B A), so whatever else the machine did in that minute weighs on both; the
 * verdict is the median of the rounds' ratios, which one disturbed round cannot move.
 */
export interface PairedRounds {
  /** app ÷ baseline, one per round, in the order they ran. */
  ratios: number[];
  median: number;
  min: number;
  max: number;
}

/** The verdict needs at least this many rounds: with fewer, one bad round is a third of them. */
export const MIN_PAIRED_ROUNDS = 5;

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
 * server once). Rounds where either answered nothing carry no ratio.
 */
export function pairRounds(app: readonly number[], baseline: readonly number[]): PairedRounds {
  const ratios = app.flatMap((ours, round) => {
    const theirs = baseline[round];
    return theirs !== undefined && Number.isFinite(ours / theirs) && theirs > 0
      ? [ours / theirs]
      : [];
  });
  return {
    ratios,
    median: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

/** The verdict: enough rounds, and their median within the target. */
export function meetsCpuTarget(rounds: PairedRounds): boolean {
  return rounds.ratios.length >= MIN_PAIRED_ROUNDS && rounds.median <= CPU_RATIO_TARGET;
}

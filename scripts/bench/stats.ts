/** The q-quantile (0…1) of the values, nearest-rank; NaN when there are none. */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export interface Percentiles {
  p50: number;
  p99: number;
}

export function percentiles(values: readonly number[]): Percentiles {
  return { p50: quantile(values, 0.5), p99: quantile(values, 0.99) };
}

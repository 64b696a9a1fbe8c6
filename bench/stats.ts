/** The q-quantile (0..1) of samples, nearest-rank; NaN without samples. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  p999: number;
  count: number;
}

export function percentiles(samples: number[]): Percentiles {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(quantile(samples, 0.5)),
    p95: round(quantile(samples, 0.95)),
    p99: round(quantile(samples, 0.99)),
    p999: round(quantile(samples, 0.999)),
    count: samples.length,
  };
}

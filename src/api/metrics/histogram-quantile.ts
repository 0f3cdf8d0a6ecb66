/**
 * A quantile estimated from cumulative histogram buckets, the way PromQL's `histogram_quantile` does
 * (prometheus.io/docs/prometheus/latest/querying/functions/#histogram_quantile): find the bucket the
 * rank falls in and interpolate linearly between its lower bound (0 for the first bucket) and its upper
 * bound. So the operator console's medians and a Grafana panel over the same buckets agree; the answer
 * is only as fine as the buckets.
 * @module
 */
import type { HistogramFigures } from './job-figures'

/** An estimate; `above` when the rank is past the highest bound (then `seconds` is that bound). */
export interface QuantileEstimate {
  seconds: number
  above: boolean
}

/** The `q` quantile (0…1) of `h`, or null when it counted nothing. */
export function histogramQuantile(q: number, h: Pick<HistogramFigures, 'buckets' | 'cumulative' | 'count'>): QuantileEstimate | null {
  if (h.count <= 0) return null
  const rank = q * h.count
  for (let i = 0; i < h.buckets.length; i++) {
    const upTo = h.cumulative[i] ?? 0
    if (upTo < rank || upTo === 0) continue
    const lower = i === 0 ? 0 : h.buckets[i - 1]!
    const before = i === 0 ? 0 : (h.cumulative[i - 1] ?? 0)
    const inBucket = upTo - before
    const seconds = inBucket > 0 ? lower + (h.buckets[i]! - lower) * ((rank - before) / inBucket) : h.buckets[i]!
    return { seconds, above: false }
  }
  return { seconds: h.buckets.at(-1) ?? 0, above: true }
}

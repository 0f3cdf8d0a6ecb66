/**
 * Quantiles from cumulative buckets as PromQL's `histogram_quantile` estimates them: linear within the
 * bucket the rank falls in (from 0 for the first), the highest bound when the rank is past it, nothing
 * for an empty histogram. The console's medians use it.
 */
import { describe, expect, test } from 'bun:test'
import { histogramQuantile } from './histogram-quantile'

const h = (buckets: number[], cumulative: number[]) => ({ buckets, cumulative, count: cumulative.at(-1)! })

describe('histogramQuantile', () => {
  test('interpolates within the bucket that holds the rank', () => {
    // 10 observations: 4 ≤ 1 s, 4 more ≤ 2 s, 2 more ≤ 4 s. The median (rank 5) is a quarter into (1, 2].
    expect(histogramQuantile(0.5, h([1, 2, 4], [4, 8, 10, 10]))).toEqual({ seconds: 1.25, above: false })
    expect(histogramQuantile(0.2, h([1, 2, 4], [4, 8, 10, 10]))).toEqual({ seconds: 0.5, above: false })
    expect(histogramQuantile(1, h([1, 2, 4], [4, 8, 10, 10]))).toEqual({ seconds: 4, above: false })
    // Empty buckets below are skipped: all in (2, 4] → the median is its middle.
    expect(histogramQuantile(0.5, h([1, 2, 4], [0, 0, 2, 2]))).toEqual({ seconds: 3, above: false })
  })

  test('past the highest bound it answers that bound and says so; an empty histogram has no quantile', () => {
    expect(histogramQuantile(0.5, h([1, 2], [0, 1, 3]))).toEqual({ seconds: 2, above: true })
    expect(histogramQuantile(0.5, h([1, 2], [0, 0, 0]))).toBeNull()
  })
})

/**
 * In-process metrics: counters, gauges and histograms with fixed label names, and collectors that
 * produce families when a scrape asks (figures read from the database, the process's memory). Written
 * as Prometheus text by ./exposition.ts.
 *
 * Bun-native rather than prom-client: the library's default collectors read `perf_hooks`'
 * event-loop delay monitor, which reports nothing usable on Bun (its minimum came out as 9.2e9 s and
 * its mean as NaN here), and the rest of what it offers is these few types. docs/operations.md
 * "Metrics" has the comparison.
 *
 * Cardinality is bounded twice: label names are fixed per metric (values come from route patterns,
 * status codes and error codes, never raw paths or ids), and each metric keeps at most
 * `maxSeries` label sets; a new one past that is counted under every label `"_other"`, and
 * `ssg_metrics_series_overflow_total{metric}` says it happened.
 * @module
 */
import { LABEL_NAME, METRIC_NAME, renderExposition, type HistogramSample, type Labels, type MetricFamily, type Sample } from './exposition'

/** Options of {@link createMetricsRegistry}. */
export interface MetricsRegistryOptions {
  /** Label sets one metric keeps before new ones fold into `_other` (default 1000). */
  maxSeries?: number
}

/** What a metric is declared with. */
export interface MetricSpec<L extends string> {
  /** `snake_case`, with its unit and, for counters, `_total` (Prometheus naming conventions). */
  name: string
  help: string
  labelNames: readonly L[]
}

/** Produces families at scrape time (rejects: the scrape answers 500 and says which). */
export type Collector = () => MetricFamily[] | Promise<MetricFamily[]>

/** The label value that stands for every label set past a metric's limit. */
export const OVERFLOW_LABEL = '_other'

/** Seconds, for request and job durations: 5 ms to 2 min. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const

/** Creates a registry. */
export function createMetricsRegistry(opts: MetricsRegistryOptions = {}) {
  const maxSeries = opts.maxSeries ?? 1000
  const families: (() => MetricFamily)[] = []
  const collectors: Collector[] = []
  const names = new Set<string>()
  const overflows = new Map<string, number>()

  const declare = (spec: MetricSpec<string>) => {
    if (!METRIC_NAME.test(spec.name) || names.has(spec.name)) throw new Error(`metric name ${spec.name} is invalid or taken`)
    for (const l of spec.labelNames) if (!LABEL_NAME.test(l) || l.startsWith('__') || l === 'le') throw new Error(`label ${l} of ${spec.name} is not allowed`)
    names.add(spec.name)
  }

  /** The series map of one metric: key → state, bounded. */
  function seriesOf<S>(spec: MetricSpec<string>, make: (labels: Labels) => S) {
    const series = new Map<string, { labels: Labels; state: S }>()
    const other: Labels = Object.fromEntries(spec.labelNames.map((l) => [l, OVERFLOW_LABEL]))
    return {
      series,
      get(labels: Record<string, string>): S {
        const values = spec.labelNames.map((l) => labels[l] ?? '')
        const key = values.join('\u0000')
        const known = series.get(key)
        if (known) return known.state
        if (series.size >= maxSeries) {
          overflows.set(spec.name, (overflows.get(spec.name) ?? 0) + 1)
          const otherKey = spec.labelNames.map(() => OVERFLOW_LABEL).join('\u0000')
          const folded = series.get(otherKey) ?? { labels: other, state: make(other) }
          series.set(otherKey, folded)
          return folded.state
        }
        const own: Labels = Object.fromEntries(spec.labelNames.map((l, i) => [l, values[i]!]))
        const entry = { labels: own, state: make(own) }
        series.set(key, entry)
        return entry.state
      },
    }
  }

  return {
    /** A counter: only goes up. */
    counter<L extends string>(spec: MetricSpec<L>) {
      declare(spec)
      const s = seriesOf(spec, () => ({ value: 0 }))
      families.push(() => ({ name: spec.name, help: spec.help, type: 'counter', samples: [...s.series.values()].map((e): Sample => ({ labels: e.labels, value: e.state.value })) }))
      return {
        /** Adds `n` (default 1, never negative). */
        inc(labels: Record<L, string>, n = 1): void {
          if (n > 0) s.get(labels).value += n
        },
      }
    },

    /** A gauge: set to the value it has now. */
    gauge<L extends string>(spec: MetricSpec<L>) {
      declare(spec)
      const s = seriesOf(spec, () => ({ value: 0 }))
      families.push(() => ({ name: spec.name, help: spec.help, type: 'gauge', samples: [...s.series.values()].map((e): Sample => ({ labels: e.labels, value: e.state.value })) }))
      return {
        set(labels: Record<L, string>, value: number): void {
          s.get(labels).value = value
        },
      }
    },

    /** A histogram over `buckets` (upper bounds, ascending). */
    histogram<L extends string>(spec: MetricSpec<L> & { buckets: readonly number[] }) {
      declare(spec)
      const bounds = [...spec.buckets]
      const s = seriesOf(spec, () => ({ counts: new Array<number>(bounds.length + 1).fill(0), sum: 0, count: 0 }))
      families.push(() => ({
        name: spec.name,
        help: spec.help,
        type: 'histogram',
        samples: [...s.series.values()].map((e): HistogramSample => {
          let running = 0
          const cumulative = e.state.counts.map((c) => (running += c))
          return { labels: e.labels, buckets: bounds, cumulative, sum: e.state.sum, count: e.state.count }
        }),
      }))
      return {
        /** Counts one observation of `value` (seconds, bytes … as the name says). */
        observe(labels: Record<L, string>, value: number): void {
          const st = s.get(labels)
          let i = 0
          while (i < bounds.length && value > bounds[i]!) i++
          st.counts[i]!++
          st.sum += value
          st.count++
        },
      }
    },

    /** Adds families produced at each scrape. */
    collect(collector: Collector): void {
      collectors.push(collector)
    },

    /** Every family: the in-process ones, then the collectors', then the overflow counter. */
    async families(): Promise<MetricFamily[]> {
      const own = families.map((f) => f())
      const collected = (await Promise.all(collectors.map((c) => c()))).flat()
      const overflow: MetricFamily = {
        name: 'ssg_metrics_series_overflow_total',
        help: 'Label sets counted under "_other" because their metric already had as many series as it keeps',
        type: 'counter',
        samples: [...overflows].map(([metric, value]) => ({ labels: { metric }, value })),
      }
      return [...own, ...collected, overflow]
    },

    /** The Prometheus text of every family. */
    async render(): Promise<string> {
      return renderExposition(await this.families())
    },
  }
}

/** A registry. */
export type MetricsRegistry = ReturnType<typeof createMetricsRegistry>

/**
 * The process families of a Bun server (docs/operations.md "Metrics"): resident memory and heap, the
 * start time, and event-loop lag — how late a timer set for every 100 ms fires, the worst in the last
 * 10 s and as a histogram, measured by the timer itself because the `perf_hooks` delay monitor gives
 * nothing usable on Bun. The timer never keeps the process alive.
 * @module
 */
import type { MetricsRegistry } from '../../shared/metrics/registry'

/** Options of {@link processMetrics}. */
export interface ProcessMetricsOptions {
  /** How often the lag timer is set, ms (default 100). */
  intervalMs?: number
  /** How far back `ssg_event_loop_lag_seconds` looks, ms (default 10 s). */
  windowMs?: number
  /** Memory figures (default process.memoryUsage). */
  memory?: () => { rss: number; heapUsed: number; heapTotal: number }
  /** Wall clock ms (default Date.now). */
  now?: () => number
}

const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const

/** Registers the families and starts the lag timer; returns its stop. */
export function processMetrics(registry: MetricsRegistry, o: ProcessMetricsOptions = {}): () => void {
  const intervalMs = o.intervalMs ?? 100
  const windowMs = o.windowMs ?? 10_000
  const memory = o.memory ?? (() => process.memoryUsage())
  const now = o.now ?? Date.now
  const started = now()
  const lagHistogram = registry.histogram({ name: 'ssg_event_loop_lag_observed_seconds', help: 'How late the 100 ms event-loop timer fired, every firing', labelNames: [], buckets: LAG_BUCKETS })
  /** Recent lags with the time they were seen, oldest first. */
  const recent: { at: number; lag: number }[] = []
  let expected = performance.now() + intervalMs
  const timer = setInterval(() => {
    const t = performance.now()
    const lag = Math.max(0, t - expected) / 1000
    expected = t + intervalMs
    lagHistogram.observe({}, lag)
    const at = now()
    recent.push({ at, lag })
    while (recent.length && recent[0]!.at < at - windowMs) recent.shift()
  }, intervalMs)
  ;(timer as { unref?: () => void }).unref?.()

  registry.collect(() => {
    const m = memory()
    const worst = recent.reduce((max, r) => Math.max(max, r.lag), 0)
    return [
      { name: 'process_resident_memory_bytes', help: 'Resident memory of the server process', type: 'gauge', samples: [{ labels: {}, value: m.rss }] },
      { name: 'ssg_heap_used_bytes', help: 'JavaScript heap in use', type: 'gauge', samples: [{ labels: {}, value: m.heapUsed }] },
      { name: 'ssg_heap_total_bytes', help: 'JavaScript heap reserved', type: 'gauge', samples: [{ labels: {}, value: m.heapTotal }] },
      { name: 'process_start_time_seconds', help: 'When the server process started, Unix time', type: 'gauge', samples: [{ labels: {}, value: started / 1000 }] },
      { name: 'ssg_event_loop_lag_seconds', help: 'The worst event-loop lag of the last 10 seconds', type: 'gauge', samples: [{ labels: {}, value: worst }] },
    ]
  })
  return () => clearInterval(timer)
}

/**
 * The request observer of a Worker (docs/cloudflare.md "Metrics and logs"): the same request ids and
 * request lines as on Bun (`LOG_FORMAT=json`: one JSON line per request in the Worker's logs, for
 * `wrangler tail` or Logpush), and each answer as an Analytics Engine data point where
 * `METRICS_DATASET` is bound. Built once per env.
 * @module
 */
import { createLogger } from '../../shared/log/logger'
import { oneLineError } from '../../shared/log/one-line'
import { analyticsEngineMetrics, type AnalyticsDataset } from './analytics-engine-metrics'
import { observeRequest, type ObserveOptions } from './observe-request'

/** What a Worker's env may set for its observer. */
export interface WorkerObserveEnv {
  /** `json`: one JSON line per request (and the Worker's own lines stay as they are). */
  LOG_FORMAT?: string
  /** A Workers Analytics Engine dataset (wrangler `[[analytics_engine_datasets]]`). */
  METRICS_DATASET?: AnalyticsDataset
}

const built = new WeakMap<object, ObserveOptions>()

/** Answers `request` with `handle`, counted and logged as `env` says. */
export function workerObserve(env: WorkerObserveEnv, request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  let options = built.get(env)
  if (!options) {
    options = {
      // The console is what a Worker's logs (wrangler tail, Logpush) read.
      ...(env.LOG_FORMAT === 'json' ? { log: createLogger({ format: 'json', write: (line, level) => (level === 'info' ? console.log(line) : console.error(line)) }) } : {}),
      ...(env.METRICS_DATASET ? { metrics: analyticsEngineMetrics(env.METRICS_DATASET, (e) => console.error(`[metrics] ${oneLineError(e)}`)) } : {}),
    }
    built.set(env, options)
  }
  return observeRequest(request, handle, options)
}

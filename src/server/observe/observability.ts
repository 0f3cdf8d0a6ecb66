/**
 * What a server process sees of itself, built once from its configuration (docs/operations.md
 * "Health and metrics", "Logs"): the metrics registry (`METRICS`), with the HTTP and process families;
 * the logger (`LOG_FORMAT`), which writes a line per request in JSON form; the request observer every
 * request passes through; the operator endpoints of the public port and of `METRICS_PORT`.
 * @module
 */
import { createLogger, type Logger } from '../../shared/log/logger'
import { createMetricsRegistry, type MetricsRegistry } from '../../shared/metrics/registry'
import { httpMetrics } from './http-metrics'
import { observeRequest, type ObserveOptions } from './observe-request'
import { operatorEndpoints, type Readiness } from '../../shared/observe/operator-endpoints'
import { processMetrics } from './process-metrics'
import { consoleAsJson } from './console-as-json'

/** What {@link createObservability} reads of the server's configuration. */
export interface ObservabilityConfig {
  LOG_FORMAT: 'text' | 'json'
  METRICS: 'on' | 'off'
  METRICS_TOKEN?: string | undefined
}

/** Options of {@link createObservability}. */
export interface ObservabilityOptions {
  /** Where lines go (tests collect them); default stdout and stderr. */
  write?: (line: string) => void
  /** The route of an answer no app named (the Bun entry: a static file). */
  fallbackRoute?: ObserveOptions['fallbackRoute']
}

/** Builds the process's registry, logger, observer and endpoints. */
export function createObservability(config: ObservabilityConfig, opts: ObservabilityOptions = {}) {
  const registry: MetricsRegistry | undefined = config.METRICS === 'on' ? createMetricsRegistry() : undefined
  const logger: Logger = createLogger({ format: config.LOG_FORMAT, ...(opts.write ? { write: (line: string) => opts.write!(line) } : {}) })
  const http = registry ? httpMetrics(registry) : undefined
  const stopLag = registry ? processMetrics(registry) : () => {}
  // Every line JSON, the console's too, while this server runs.
  const restoreConsole = config.LOG_FORMAT === 'json' ? consoleAsJson(logger) : () => {}
  let readiness: () => Promise<Readiness> = async () => ({ ready: true, checks: {} })
  const endpoints = (trusted: boolean) => operatorEndpoints({ ...(registry ? { registry } : {}), ...(config.METRICS_TOKEN ? { token: config.METRICS_TOKEN } : {}), trusted, readiness: () => readiness() })
  const publicEndpoints = endpoints(false)
  const observing: ObserveOptions = {
    ...(http ? { metrics: http } : {}),
    ...(config.LOG_FORMAT === 'json' ? { log: logger } : {}),
    ...(opts.fallbackRoute ? { fallbackRoute: opts.fallbackRoute } : {}),
  }
  return {
    registry,
    logger,
    /** Sets what `/readyz` checks (the embedded API's checks, once it is built). */
    setReadiness(check: () => Promise<Readiness>): void {
      readiness = check
    },
    /** Answers `request`: the operator endpoints first, then `handle`; counted and logged either way. */
    observe(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
      return observeRequest(request, async (r) => (await publicEndpoints(r)) ?? handle(r), observing)
    },
    /** The metrics port's handler: the three endpoints, nothing else (404). */
    metricsPort: (() => {
      const trusted = endpoints(true)
      return async (request: Request): Promise<Response> => (await trusted(request)) ?? new Response('Not found\n', { status: 404 })
    })(),
    /** Stops the event-loop lag timer and gives the console back. */
    stop(): void {
      stopLag()
      restoreConsole()
    },
  }
}

/** A process's observability. */
export type Observability = ReturnType<typeof createObservability>

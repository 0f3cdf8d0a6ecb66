/**
 * Client error monitoring (SPEC §9): `@sentry/browser` with tracing and session
 * replay at the SPEC sample rates. This chunk is imported only when the page names a DSN
 * (`<html data-monitoring-dsn>`), in idle time after the client has booted (boot.ts), so a page
 * without monitoring loads none of it and one with monitoring is never held up by it.
 * @module
 */
import { browserTracingIntegration, init, replayIntegration } from '@sentry/browser'
import { REPLAYS_ON_ERROR_SAMPLE_RATE, REPLAYS_SESSION_SAMPLE_RATE, tracesSampleRate, type MonitoringConfig } from '../shared/monitoring'

/** Sentry options for `config` (pure, so the rates are unit-tested). */
export function monitoringOptions(config: MonitoringConfig) {
  return {
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: tracesSampleRate(config.environment),
    replaysSessionSampleRate: REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAYS_ON_ERROR_SAMPLE_RATE,
  }
}

/** Starts reporting uncaught errors and rejections of this page. */
export function startMonitoring(config: MonitoringConfig): void {
  init({ ...monitoringOptions(config), integrations: [browserTracingIntegration(), replayIntegration()] })
  document.documentElement.dataset.monitoringStarted = ''
}

/**
 * Server error reporting (SPEC §9): off by default. With a DSN (`SENTRY_DSN`, on
 * Bun and on the Worker) every 5xx the app answers is reported; the Sentry client is imported on the
 * first such error, so a server without a DSN — and one that never fails — loads none of it. The
 * report is sent in the background (`waitUntil` on workerd) and never delays or changes the answer.
 * @module
 */
import { dsnOrigin, type MonitoringConfig } from '../../shared/monitoring'

/** The monitoring config for a `SENTRY_DSN` value (unset or not an http(s) URL: off). */
export function monitoringConfig(dsn: string | undefined, dev: boolean): MonitoringConfig | undefined {
  const value = dsn?.trim()
  return value && dsnOrigin(value) ? { dsn: value, environment: dev ? 'development' : 'production' } : undefined
}

/** Reports one server error; the promise settles once the report is sent (or given up). */
export type ErrorReporter = (error: unknown, request: Request) => Promise<void>

/** Longest wait for one report to leave, ms. */
const FLUSH_TIMEOUT_MS = 5_000

/** A reporter for `config`, or undefined when monitoring is off. */
export function createErrorReporter(config: MonitoringConfig | undefined): ErrorReporter | undefined {
  if (!config) return undefined
  let client: Promise<ReturnType<typeof import('./sentry-server').createSentryServer>> | undefined
  return async (error, request) => {
    try {
      client ??= import('./sentry-server').then((m) => m.createSentryServer(config))
      const sentry = await client
      sentry.capture(error, request)
      await sentry.flush(FLUSH_TIMEOUT_MS)
    } catch (failure) {
      // Monitoring must never take the app down with it.
      console.warn('[monitoring] report failed', failure)
    }
  }
}

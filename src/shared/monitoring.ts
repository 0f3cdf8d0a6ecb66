/**
 * Error monitoring settings shared by the client and the server (SPEC §9 "Monitoring"): off unless
 * a DSN is configured (`SENTRY_DSN`); then these sample rates apply.
 * @module
 */

/** Deployment environments the rates distinguish. */
export type MonitoringEnvironment = 'development' | 'production'

/** What the server tells the page (`<html data-monitoring-dsn data-monitoring-env>`) and uses itself. */
export interface MonitoringConfig {
  dsn: string
  environment: MonitoringEnvironment
}

/** SPEC §9: tracing sample rate 1 in development, 0.2 in production. */
export const tracesSampleRate = (environment: MonitoringEnvironment): number => (environment === 'development' ? 1 : 0.2)

/** SPEC §9: session replay for 0.1 of sessions … */
export const REPLAYS_SESSION_SAMPLE_RATE = 0.1
/** … and 0.2 of sessions with an error. */
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 0.2

/** The origin envelopes are posted to (`https://key@host/1` → `https://host`), for CSP connect-src; undefined for a bad DSN. */
export function dsnOrigin(dsn: string | undefined): string | undefined {
  if (!dsn) return undefined
  try {
    const url = new URL(dsn)
    return /^https?:$/.test(url.protocol) ? url.origin : undefined
  } catch {
    return undefined
  }
}

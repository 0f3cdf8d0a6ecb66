/**
 * The server's Sentry client (SPEC §9): `@sentry/core`'s runtime-neutral client
 * with a `fetch` transport, so the same code reports from Bun and from workerd. Imported by
 * monitoring.ts only when a DSN is configured; without one this module is never loaded.
 * @module
 */
import { createStackParser, createTransport, Scope } from '@sentry/core'
import { nodeStackLineParser, ServerRuntimeClient } from '@sentry/core/server'
import { tracesSampleRate, type MonitoringConfig } from '../../shared/monitoring'

/** A started client: `capture` records one error with its request, `flush` sends what is queued. */
export function createSentryServer(config: MonitoringConfig) {
  const client = new ServerRuntimeClient({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: tracesSampleRate(config.environment),
    integrations: [],
    platform: 'javascript',
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (options) =>
      createTransport(options, async (request) => {
        const response = await fetch(options.url, { method: 'POST', body: request.body as BodyInit })
        return { statusCode: response.status, headers: { 'retry-after': response.headers.get('retry-after'), 'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits') } }
      }),
  })
  client.init()
  return {
    capture(error: unknown, request: Request) {
      const scope = new Scope()
      scope.setClient(client)
      const url = new URL(request.url)
      // Path only: query strings and cookies may carry tokens (SPEC §6: nothing private leaves).
      scope.setContext('request', { method: request.method, path: url.pathname })
      scope.setTag('transaction', `${request.method} ${url.pathname.slice(0, 200)}`)
      client.captureException(error, undefined, scope)
    },
    flush: (timeoutMs: number) => client.flush(timeoutMs),
  }
}

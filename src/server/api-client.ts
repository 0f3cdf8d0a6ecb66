/**
 * The server's API client (DESIGN.md §2 flow 1, §3). Against a remote API it is the shared ofetch client
 * with retries, answers validated with the shared schemas; against the embedded API it calls the
 * handler in-process with the same envelope rules — no sockets, no retries (nothing to retry). The
 * GETs pages make most go further: `direct` calls the embedded API's services with no Request, JSON
 * or zod round trip (docs/performance.md "Server render"); src/api/direct/direct.test.ts proves those
 * answers equal the HTTP ones, so skipping the answer's parse changes nothing the pages see.
 * @module
 */
import { ApiCallError, createApiClient, DEFAULT_HEADERS, reportEnvelope, type ApiClient, type ApiClientOptions } from '../shared/api/client'
import type { Backend, DirectApi } from './app-options'

export type { ApiClient }

/** Base URL the server-side client uses; only its path matters, the backend answers it. */
const INTERNAL_BASE = 'http://api.internal'

// Server renders show no snackbars; the log keeps what went wrong on the server's side only.
// Warnings such as `no_api_key` describe every anonymous render and would only drown the log; the
// envelope's lines are dropped, and a failed call is logged by `logFailure` in one line.
const log: ApiClientOptions['log'] = () => {}

/**
 * Logs a failed call in one line, or not at all: a 4xx is the visitor's bad input
 * (a bad skin id, a stale cursor) or a visitor the API does not know yet, which the page answers
 * itself; only a 5xx says something is wrong here.
 */
function logFailure(path: string, error: unknown) {
  if (error instanceof ApiCallError && error.status >= 500) console.error(`[ssr api] ${error.status} ${path.split('?')[0]} ${error.code}: ${error.message.replace(/\s+/g, ' ').slice(0, 200)}`)
}

/** Wraps a client so every failed call goes through {@link logFailure} once. */
function loggingFailures(client: ApiClient): ApiClient {
  return {
    async call(path, schema, call) {
      try {
        return await client.call(path, schema, call)
      } catch (error) {
        logFailure(path, error)
        throw error
      }
    },
  }
}

/** Calls an in-process backend directly. */
function inProcessClient(api: Backend, headers: Record<string, string>): ApiClient {
  return {
    async call(path, schema, call = {}) {
      const url = new URL(path, INTERNAL_BASE)
      for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value))
      const json = call.body && !(call.body instanceof FormData)
      const response = await api.fetch(
        new Request(url, {
          method: call.method ?? 'GET',
          headers: { ...DEFAULT_HEADERS, ...(json ? { 'Content-Type': 'application/json' } : {}), ...headers, ...call.headers },
          body: call.body === undefined ? undefined : json ? JSON.stringify(call.body) : (call.body as FormData),
        }),
      )
      const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
      const envelope = reportEnvelope(body, response.ok, call.silent ?? false, { log })
      if (!response.ok) {
        const first = envelope.errors[0]
        throw new ApiCallError(response.status, first?.code ?? 'http_error', first?.message ?? response.statusText, body, response.headers)
      }
      return body === undefined ? null : schema.parse(body)
    },
  }
}

/**
 * Answers plain GETs from the direct table; anything else (writes, bodies, extra headers, paths with no
 * direct entry) goes to `fallback`. Success and failure follow the in-process client's rules: the body
 * is returned as the answer, a status of 400 or more throws {@link ApiCallError} with the first error.
 */
function directClient(direct: DirectApi, headers: Record<string, string>, fallback: ApiClient): ApiClient {
  const caller = direct.caller({ ...DEFAULT_HEADERS, ...headers })
  return {
    async call(path, schema, call = {}) {
      const pending = (call.method ?? 'GET') === 'GET' && call.body === undefined && !call.headers ? caller.get(path, call.query ?? {}) : undefined
      if (!pending) return fallback.call(path, schema, call)
      const { status, body } = await pending
      if (status >= 400) {
        // The API's own v2 error body (src/api/routes/envelope.ts `errorBody`): no parse needed.
        const first = (body as { errors?: { code: string; message: string }[] }).errors?.[0]
        throw new ApiCallError(status, first?.code ?? 'http_error', first?.message ?? `HTTP ${status}`, body)
      }
      return body as ReturnType<typeof schema.parse>
    },
  }
}

/** Builds a client for one request, forwarding the visitor's cookie so per-user answers are right. */
export function serverApiClient(api: Backend, cookie: string | undefined): ApiClient {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  if (api.inProcess && api.direct) return loggingFailures(directClient(api.direct, headers, inProcessClient(api, headers)))
  if (api.inProcess) return loggingFailures(inProcessClient(api, headers))
  // A remote backend retries idempotent calls itself (with Retry-After); retrying here as well would multiply the attempts.
  return loggingFailures(createApiClient({ baseURL: INTERNAL_BASE, fetch: (input, init) => api.fetch(new Request(input, init)), headers, log, retries: 0 }))
}

/**
 * A backend on another origin (DESIGN.md §1 "API proxying with retries"): hop-by-hop headers are
 * stripped by `hono/proxy` (RFC 9110 §7.6.1); idempotent requests are retried with back-off on 408,
 * 409, 425, 429, 500, 502, 503, 504 and on network errors (SPEC §8); other methods are sent once,
 * because a streamed body cannot be replayed.
 * @module
 */
import { proxy } from 'hono/proxy'
import { FetchError, ofetch } from 'ofetch'
import { RETRY_STATUS_CODES } from '../../shared/api/client'
import type { Backend } from '../app-options'

/** Options of a remote backend. */
export interface RemoteBackendOptions {
  /** Timeout of one attempt, ms. */
  timeoutMs?: number
  /** Retries for GET/HEAD. */
  retries?: number
  /** Base delay of the exponential back-off, ms. */
  retryDelayMs?: number
  /** fetch implementation (tests inject one). */
  fetch?: typeof fetch
}

/** Proxies requests to `origin` (`https://api.example` + the request's path and query). */
export function remoteBackend(origin: string, options: RemoteBackendOptions = {}): Backend {
  const retries = options.retries ?? 2
  const base = options.retryDelayMs ?? 200
  const $fetch = options.fetch ? ofetch.create({}, { fetch: options.fetch }) : ofetch
  const send = (request: Request) => {
    const idempotent = request.method === 'GET' || request.method === 'HEAD'
    return $fetch
      .raw(request, {
        responseType: 'stream',
        timeout: options.timeoutMs ?? 8000,
        retry: idempotent ? retries : 0,
        retryStatusCodes: RETRY_STATUS_CODES,
        // 200 ms, 400 ms, … — ofetch counts `retry` down per attempt.
        retryDelay: (ctx) => base * 2 ** (retries - Number(ctx.options.retry ?? 0)),
      })
      .catch((error: unknown) => {
        if (error instanceof FetchError && error.response) return error.response
        return new Response(JSON.stringify({ success: false, errors: [{ code: 'service_unavailable', message: 'The upstream service could not be reached' }] }), {
          status: 502,
          headers: { 'Content-Type': 'application/json' },
        })
      }) as Promise<Response>
  }
  const root = origin.replace(/\/+$/, '')
  return {
    fetch(request) {
      const url = new URL(request.url)
      return proxy(root + url.pathname + url.search, { raw: request, customFetch: send })
    },
  }
}

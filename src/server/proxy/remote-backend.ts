/**
 * A backend on another origin or behind a Workers service binding (DESIGN.md §1 "API proxying with
 * retries"): hop-by-hop headers are stripped by `hono/proxy` (RFC 9110 §7.6.1);
 * idempotent requests are retried with back-off on 408, 409, 425, 429, 500, 502, 503, 504 and on
 * network errors (SPEC §8); other methods are sent once, because a streamed body cannot be replayed.
 *
 * The retry loop is our own rather than ofetch's: on workerd a failed attempt's body must be cancelled
 * before the next one (an unread body holds one of the request's few concurrent subrequest connections),
 * each attempt needs its own timeout (ofetch reuses the first attempt's signal), and a `Retry-After`
 * answer (429, 503) must be waited for, within a bound, instead of the fixed back-off.
 * @module
 */
import { isEventStreamRequest } from './event-stream-request'
import { proxy } from 'hono/proxy'
import { RETRY_STATUS_CODES } from '../../shared/api/client'
import type { Backend } from '../app-options'
import { heldAnswerMs } from './held-answer'

/** Sends one request: global `fetch`, or a service binding's `fetch` (which takes a Request). */
export type SendRequest = (request: Request) => Promise<Response>

/** Options of a remote backend. */
export interface RemoteBackendOptions {
  /** Timeout of one attempt until its headers arrive, ms. */
  timeoutMs?: number
  /** Retries for GET/HEAD. */
  retries?: number
  /** Base delay of the exponential back-off, ms. */
  retryDelayMs?: number
  /** The longest `Retry-After` waited for, ms; a longer one reaches the caller unretried. */
  maxRetryAfterMs?: number
  /** fetch implementation: a service binding, or a stand-in in tests. */
  fetch?: SendRequest
  /** Waits between attempts (tests inject one that records the delays). */
  sleep?: (ms: number) => Promise<void>
  /** The clock, for `Retry-After` given as an HTTP date. */
  now?: () => number
  /** Starts an attempt's timeout and returns its cancel (tests inject one that records the lengths). */
  timer?: (ms: number, onTimeout: () => void) => () => void
}

const realTimer = (ms: number, onTimeout: () => void) => {
  const id = setTimeout(onTimeout, ms)
  return () => clearTimeout(id)
}

const unreachable = () =>
  Response.json({ success: false, errors: [{ code: 'service_unavailable', message: 'The upstream service could not be reached' }] }, { status: 502 })

/** `Retry-After` as ms from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Proxies requests to `origin` (`https://api.example` + the request's path and query). */
export function remoteBackend(origin: string, options: RemoteBackendOptions = {}): Backend {
  const retries = options.retries ?? 2
  const base = options.retryDelayMs ?? 200
  const timeoutMs = options.timeoutMs ?? 8000
  const maxRetryAfter = options.maxRetryAfterMs ?? 3000
  const doFetch: SendRequest = options.fetch ?? ((request) => fetch(request))
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = options.now ?? Date.now
  const timer = options.timer ?? realTimer

  /**
   * One attempt; null on a network error or timeout. The timer stops once headers arrive, so a long
   * body still streams; it starts after the time the API holds a long-poll on purpose (./held-answer.ts).
   */
  const attempt = async (request: Request): Promise<Response | null> => {
    const controller = new AbortController()
    const cancel = timer(timeoutMs + heldAnswerMs(request), () => controller.abort(new Error('upstream timeout')))
    try {
      // The visitor going away still cancels the upstream call.
      return await doFetch(new Request(request, { signal: AbortSignal.any([request.signal, controller.signal]) }))
    } catch {
      return null
    } finally {
      cancel()
    }
  }

  const send = async (request: Request): Promise<Response> => {
    // A refused event stream (too many open, opened too often) is no passing fault: another try only
    // counts against the caller's limits again, and its client falls back to polling on the answer.
    const idempotent = (request.method === 'GET' || request.method === 'HEAD') && !isEventStreamRequest(request)
    for (let n = 0; ; n++) {
      const response = await attempt(request)
      const last = !idempotent || n >= retries
      if (response && (last || !RETRY_STATUS_CODES.includes(response.status))) return response
      if (!response && last) return unreachable()
      const asked = response ? retryAfterMs(response.headers.get('retry-after'), now()) : undefined
      // Asked to wait longer than a page can: the caller gets the answer with its Retry-After.
      if (response && asked !== undefined && asked > maxRetryAfter) return response
      await response?.body?.cancel()
      await sleep(asked ?? base * 2 ** n)
    }
  }

  const root = origin.replace(/\/+$/, '')
  return {
    fetch(request) {
      const url = new URL(request.url)
      // hono/proxy copies method, headers and body, not the redirect mode: a binding's request asks for 'manual'.
      return proxy(root + url.pathname + url.search, { raw: request, redirect: request.redirect, customFetch: send })
    },
  }
}

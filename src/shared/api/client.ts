/**
 * The API client used by server page loaders and islands alike (DESIGN.md §1 src/shared, SPEC §7, §8).
 * - JSON content type and accept, and the client identification header on every call (SPEC §7).
 * - Idempotent calls retry on 408, 409, 425, 429, 500, 502, 503, 504; 400–599 raise an error (SPEC §8).
 * - errors[] are logged and, unless the call is silent and only for a non-ok status, shown as error
 *   notices; messages[] are logged and shown as info notices unless silent; warnings[] are logged (SPEC §8).
 * - A 204 answer reads as null (SPEC §7). When the authed flag is set, requests include credentials (SPEC §4).
 * @module
 */
import { createFetch, FetchError } from 'ofetch'
import { CLIENT_HEADER } from '../constants'
import { ApiCallError } from './api-call-error'
import { readEnvelope, type Envelope } from './envelope'

export { ApiCallError }

/** Status codes retried for idempotent requests (SPEC §8). */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504]

/** The part of `fetch` the client needs (Bun's `typeof fetch` has extras an in-process backend lacks). */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** A notice for the person using the site (client: a snackbar; server: nothing). */
export interface ApiNotice {
  kind: 'error' | 'info'
  text: string
}

/** How a client is built. */
export interface ApiClientOptions {
  /** API root, e.g. `/api` in the browser or `http://api.internal` on the server. */
  baseURL: string
  /** fetch implementation (the server passes an in-process or proxy fetch). */
  fetch?: FetchLike
  /** Extra headers on every call (e.g. the visitor's cookies on the server). */
  headers?: Record<string, string>
  /** Reads the authed flag; when true, requests include credentials (SPEC §4). */
  authed?: () => boolean
  /** Shows a notice to the user. */
  notify?: (notice: ApiNotice) => void
  /** Where errors, warnings and messages are logged. */
  log?: (level: 'error' | 'warn' | 'info', text: string) => void
  /** Timeout per attempt, ms. */
  timeoutMs?: number
  /**
   * Retries of an idempotent call that failed with a retryable status (SPEC §8); default 1. The
   * server sets 0 when its backend already retries (src/server/proxy/remote-backend.ts), so a failing
   * GET is not tried 3 × 2 times.
   */
  retries?: number
}

/** Options of one call. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
  query?: Record<string, string | number | undefined>
  body?: Record<string, unknown> | FormData
  /** 'Silent' calls show no error notice (SPEC §7). */
  silent?: boolean
  headers?: Record<string, string>
  /** This call's timeout per attempt, ms, instead of the client's: a long-poll is held by the server on purpose. */
  timeoutMs?: number
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

/** Anything with zod's `parse` (full zod on the server, zod/mini in islands). */
export interface Parser<T> {
  parse(value: unknown): T
}

/** The client: `call(path, schema, options)` validates the answer with `schema` and returns it, or null for 204. */
export interface ApiClient {
  call<T>(path: string, schema: Parser<T>, options?: CallOptions): Promise<T | null>
}

/**
 * Acts on an answer's envelope as SPEC §8 says: warnings logged; messages logged and shown unless
 * silent; errors logged and shown unless silent and only for a non-ok status. Returns the envelope.
 */
export function reportEnvelope(body: unknown, ok: boolean, silent: boolean, options: Pick<ApiClientOptions, 'log' | 'notify'>): Envelope {
  const log = options.log ?? ((level, text) => console[level](`[api] ${text}`))
  const envelope = readEnvelope(body)
  for (const warning of envelope.warnings) log('warn', `${warning.code}: ${warning.message}`)
  for (const message of envelope.messages) {
    log('info', `${message.code}: ${message.message}`)
    if (!silent && message.message) options.notify?.({ kind: 'info', text: message.message })
  }
  for (const error of envelope.errors) {
    log('error', `${error.code}: ${error.message}`)
    if (!silent && !ok) options.notify?.({ kind: 'error', text: error.message || error.code })
  }
  return envelope
}

/** The headers every call carries (SPEC §7): JSON accept and the client identification header. */
export const DEFAULT_HEADERS: Record<string, string> = { Accept: 'application/json', [CLIENT_HEADER.name]: CLIENT_HEADER.value }

/** Builds an API client. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const $fetch = createFetch({ fetch: (options.fetch ?? ((input, init) => globalThis.fetch(input, init))) as typeof fetch })
  const report = (body: unknown, ok: boolean, silent: boolean) => reportEnvelope(body, ok, silent, options)

  return {
    async call(path, schema, call = {}) {
      const method = call.method ?? 'GET'
      const silent = call.silent ?? false
      try {
        const response = await $fetch.raw(path, {
          baseURL: options.baseURL,
          method,
          query: call.query,
          body: call.body,
          timeout: call.timeoutMs ?? options.timeoutMs ?? 10_000,
          retry: IDEMPOTENT.has(method) ? (options.retries ?? 1) : 0,
          retryStatusCodes: RETRY_STATUS_CODES,
          credentials: options.authed?.() ? 'include' : 'same-origin',
          headers: { ...DEFAULT_HEADERS, ...options.headers, ...call.headers },
        })
        if (response.status === 204 || response._data === undefined) return null
        report(response._data, true, silent)
        return schema.parse(response._data)
      } catch (error) {
        if (error instanceof FetchError && error.response) {
          const envelope = report(error.data, false, silent)
          const first = envelope.errors[0]
          throw new ApiCallError(error.response.status, first?.code ?? 'http_error', first?.message ?? error.message, error.data, error.response.headers)
        }
        if (!silent) options.notify?.({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
        throw error
      }
    },
  }
}

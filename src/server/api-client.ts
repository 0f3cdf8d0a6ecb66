/**
 * The server's API client: the shared client over the app's API backend, so page loaders call the
 * embedded API in-process on Bun and over HTTP on the Worker (DESIGN.md §2 flow 1).
 * @module
 */
import { createApiClient, type ApiClient } from '../shared/api/client'
import type { Backend } from './app-options'

export type { ApiClient }

/** Base URL the server-side client uses; only its path matters, the backend answers it. */
const INTERNAL_BASE = 'http://api.internal'

/** Builds a client for one request, forwarding the visitor's cookie so per-user answers are right. */
export function serverApiClient(api: Backend, cookie: string | undefined): ApiClient {
  return createApiClient({
    baseURL: INTERNAL_BASE,
    fetch: (input, init) => api.fetch(new Request(input, init)),
    headers: cookie ? { Cookie: cookie } : {},
    // Server renders show no snackbars; the log keeps what went wrong. Warnings such as
    // `no_api_key` describe every anonymous render and would only drown the log.
    log: (level, text) => {
      if (level === 'error') console.error(`[ssr api] ${text}`)
    },
  })
}

/**
 * Hands requests to a backend (the embedded API or renderer in-process, or a proxy to another origin).
 * @module
 */
import type { Context } from 'hono'
import type { Backend } from '../app-options'

/** Forwards the request unchanged. */
export const forward = (backend: Backend) => (c: Context) => backend.fetch(c.req.raw)

/** Forwards with `prefix` removed from the path: `/api/v2/skins` → `/v2/skins`. */
export const forwardStripped = (backend: Backend, prefix: string) => (c: Context) => {
  const url = new URL(c.req.url)
  url.pathname = url.pathname.slice(prefix.length) || '/'
  return backend.fetch(new Request(url, c.req.raw))
}

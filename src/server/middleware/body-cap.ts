/**
 * The site's outer cap on request bodies (docs/operations.md "Request limits"): a request that declares
 * a body larger than the cap in `Content-Length` is answered 413 `payload_too_large` in the API's error
 * envelope before any route runs, on every path and method, and not one byte of the body is read.
 *
 * Bun's own `maxRequestBodySize` used to do this, but Bun answers such a request itself with a bare
 * 413 and an empty body, before the app (and its security headers) ever sees it; so src/server/bun.ts
 * lifts Bun's limit and installs this instead. Bodies sent in chunks (no `Content-Length`) are
 * bounded by the route that reads them (src/api/routes/body.ts, the site's and the account site's
 * forms); one that no route reads is dropped by Bun without being buffered.
 * @module
 */
import { createMiddleware } from 'hono/factory'
import type { ErrorResponse } from '../../shared/schemas/api'

/**
 * The 413 body for a request over `maxBytes`. Multipart uploads list `invalid_file` first, as the
 * API's own per-route caps do (MineSkin's answer for an oversized upload), then the stable code.
 */
export function oversizedBody(contentType: string | undefined, maxBytes: number): ErrorResponse {
  const stable = { code: 'payload_too_large', message: `Request body is larger than ${maxBytes} bytes` }
  const multipart = /^multipart\/form-data\b/i.test(contentType ?? '')
  return { success: false, errors: multipart ? [{ ...stable, code: 'invalid_file' }, stable] : [stable] }
}

/** Answers 413 to any request whose declared `Content-Length` is over `maxBytes`; lets the others through untouched. */
export const bodyCap = (maxBytes: number) =>
  createMiddleware(async (c, next) => {
    const declared = Number(c.req.header('content-length'))
    if (!(declared > maxBytes)) return next()
    return c.json(oversizedBody(c.req.header('content-type'), maxBytes), 413)
  })

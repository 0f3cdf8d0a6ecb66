/**
 * The visitor's address on Cloudflare Workers. Cloudflare sets `CF-Connecting-IP` on every request it
 * receives, from the connection itself, so a visitor cannot choose it; `X-Forwarded-For` keeps whatever
 * the visitor sent and only appends to it (Cloudflare's "HTTP request headers" reference). The API and
 * the account site key anonymous limits — generation, reports, sign-in throttling — on the first
 * `X-Forwarded-For` entry, as the Bun entry writes it from the socket (src/server/bun.ts). Each Worker
 * entry therefore rewrites it from `CF-Connecting-IP` before its app sees the request.
 *
 * Without `CF-Connecting-IP` the request is left as it is: that is a request over a service binding
 * whose sender did not pass the header on, and the web Worker passes every header on, its rewritten
 * `X-Forwarded-For` included (src/server/proxy/forward.ts).
 * @module
 */

/** `request` with `X-Forwarded-For` set to its `CF-Connecting-IP` (and no `X-Real-IP`); unchanged without one. */
export function withEdgeClientAddress(request: Request): Request {
  const address = request.headers.get('cf-connecting-ip')?.trim()
  if (!address) return request
  if (request.headers.get('x-forwarded-for') === address && !request.headers.has('x-real-ip')) return request
  // A Worker's incoming headers are immutable: a copy carries the change.
  const headers = new Headers(request.headers)
  headers.set('x-forwarded-for', address)
  headers.delete('x-real-ip')
  return new Request(request, { headers })
}

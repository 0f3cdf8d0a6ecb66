/**
 * The visitor's origin across a service binding (links derive from the request's
 * host when PUBLIC_URL is unset). The web Worker calls the API and account Workers over service
 * bindings at {@link BINDING_BASE}, so the URL they see never names the site. The web Worker states the
 * visitor's host and scheme in `X-Forwarded-Host` / `X-Forwarded-Proto` (replacing whatever the
 * visitor sent), and a bound Worker believes them only on a request addressed to the binding host: a
 * request from the Internet carries the Worker's real host in its URL (Cloudflare routes by it), so a
 * client calling a Worker's own address cannot choose the origin its links, mails and signed texture
 * URLs name.
 * @module
 */

/**
 * The URL base for requests over a service binding: the bound Worker sees this host and the path
 * (`/v2/skins`, `/textures/…`), like an origin at its root. `.internal` is reserved and never resolves.
 */
export const BINDING_BASE = 'https://binding.internal'

const BINDING_HOST = new URL(BINDING_BASE).host
/** A host name with an optional port; anything else in the header is ignored. */
const HOST = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/i

/** Sets the forwarding headers on `headers` to name `visitorUrl`'s origin. */
export function setForwardedOrigin(headers: Headers, visitorUrl: URL): void {
  headers.set('x-forwarded-host', visitorUrl.host)
  headers.set('x-forwarded-proto', visitorUrl.protocol.slice(0, -1))
}

/**
 * `request` ready to cross a binding: a request the visitor addressed (its URL is the site's) gets
 * headers naming that origin, replacing any the visitor sent, and `redirect: 'manual'`: a binding's
 * fetch would otherwise follow a redirect itself, to the bound Worker's own paths (`/accounts/manage`
 * is `/manage` there: a 404) and without the cookies the redirect sets; the visitor's browser follows
 * it instead, as from any proxy. A request the web app made itself to an internal host
 * (`http://api.internal/…`, page reads) is left as the app made it: the app copies only chosen visitor
 * headers, never these, and sets them where the origin matters (the no-JavaScript generate form).
 */
export function forBinding(request: Request): Request {
  const url = new URL(request.url)
  if (url.hostname.endsWith('.internal')) return request
  const headers = new Headers(request.headers)
  setForwardedOrigin(headers, url)
  return new Request(request, { headers, redirect: 'manual' })
}

/**
 * The public origin a request reached the site at: the forwarded one when it came over a service
 * binding and names a plausible host, else the request URL's own origin.
 */
export function publicOriginOf(request: Request): string {
  const url = new URL(request.url)
  if (url.host !== BINDING_HOST) return url.origin
  const host = request.headers.get('x-forwarded-host')?.trim() ?? ''
  const proto = request.headers.get('x-forwarded-proto')?.trim().toLowerCase()
  if (!HOST.test(host) || (proto !== 'http' && proto !== 'https')) return url.origin
  return `${proto}://${host.toLowerCase()}`
}

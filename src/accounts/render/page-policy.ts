/**
 * The account pages' own Content-Security-Policy. The account site may run on its
 * own origin or Worker, so it states its policy itself instead of relying on the web app's
 * middleware (which keeps a backend's policy). Scripts run only with this response's nonce (the
 * proof script and the chunks it imports, through 'strict-dynamic'); forms post only to this site,
 * and their redirects may lead only to the origins a `redirect` may name.
 * @module
 */

/** The policy for a page with `nonce`; `appOrigin` serves the stylesheet, icons and scripts, `allowed` are the redirect origins. */
export function accountPagePolicy(nonce: string, appOrigin: string, allowed: Set<string>): string {
  const origins = [...new Set(["'self'", appOrigin, ...allowed])].join(' ')
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' ${appOrigin}`,
    `style-src 'self' ${appOrigin}`,
    `img-src 'self' data: ${appOrigin}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action ${origins}`,
  ].join('; ')
}

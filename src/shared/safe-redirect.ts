/**
 * One redirect check for every `redirect` / `to` parameter: the target is parsed
 * the way a browser parses a `Location` header (WHATWG URL), so what we compare is what the browser
 * will follow. Tab, CR and LF are dropped wherever they are, leading and trailing controls and spaces
 * stripped, backslashes read as slashes, a relative target resolved against `base`; then the origin
 * is compared. `/%09/evil.example` (a tab once decoded), `/\\evil.example`, `\t//evil.example` or an
 * IDN look-alike therefore cannot lead off-site, and nothing here throws on hostile input.
 * Runs in the browser too (no Node or Bun APIs).
 * @module
 */

/** Characters a browser drops from anywhere in a URL before parsing it (ASCII tab or newline). */
const TAB_OR_NEWLINE = /[\t\n\r]/g
/** Leading and trailing C0 controls and spaces, which a browser strips too. */
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g
/** A control character left inside (NUL, ESC, DEL, …): never part of a redirect we make. */
const INNER_CONTROL = /[\u0000-\u001f\u007f]/
/** Longest target considered. */
const MAX_TARGET = 2000

/**
 * The absolute http(s) URL `target` leads to from `base`, when `allowed(origin)` says yes; else
 * undefined. URLs with credentials (`https://app@evil.example`) are refused outright.
 */
export function resolveRedirect(target: string | undefined | null, base: string, allowed: (origin: string) => boolean): URL | undefined {
  if (!target || target.length > MAX_TARGET) return undefined
  const cleaned = target.replace(TAB_OR_NEWLINE, '').replace(EDGE_CONTROLS, '')
  if (!cleaned || INNER_CONTROL.test(cleaned)) return undefined
  let url: URL
  try {
    url = new URL(cleaned, base)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password) return undefined
  return allowed(url.origin) ? url : undefined
}

/** The path, query and fragment `target` leads to when it stays on `origin`'s site; else undefined. */
export function sameOriginPath(target: string | undefined | null, origin: string): string | undefined {
  const url = resolveRedirect(target, origin, (o) => o === new URL(origin).origin)
  return url ? url.pathname + url.search + url.hash : undefined
}

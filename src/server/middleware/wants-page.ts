/**
 * Whether a request for a skin link (`/{id}`) is a browser opening a page, or a program fetching the
 * image (skin-link-png.ts). The one link serves both, so the rule decides which answer a client gets:
 *
 * 1. `Sec-Fetch-Dest` (Fetch Metadata, sent by every current browser): `document`, `iframe` or `frame`
 *    is a navigation and gets the page; any other value (`image` for an `<img>`, `empty` for `fetch()`)
 *    gets the PNG.
 * 2. Without it: an `Accept` that names `application/xhtml+xml` is a browser's navigation (Chromium,
 *    Firefox and Safari all send it) and gets the page.
 * 3. Otherwise an `Accept` that names `text/html` and no image type at all (`Accept: text/html`, a
 *    crawler) gets the page; everything else gets the PNG. Java's `HttpURLConnection` default,
 *    `text/html, image/gif, image/jpeg, *; q=.2, *\/*; q=.2`, names image types beside HTML: it is an
 *    image loader (plugins fetching a skin), so it gets the PNG, as do `*\/*`, `application/json`
 *    (MineSkin's URL handler) and no `Accept`.
 *
 * A media range with `q=0` is one the client refuses, so it names nothing (RFC 9110 §12.4.2).
 * @module
 */

/** Destinations of a navigation (Fetch Metadata `Sec-Fetch-Dest`). */
const NAVIGATION = new Set(['document', 'iframe', 'frame'])

/** The media ranges of an `Accept` value that the client accepts (q > 0), lower-cased. */
export function acceptedRanges(accept: string | undefined): string[] {
  if (!accept) return []
  const ranges: string[] = []
  for (const part of accept.toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (range && !(q !== undefined && Number(q.slice(2)) === 0)) ranges.push(range)
  }
  return ranges
}

/** The two request headers the rule reads. */
export interface PageSignals {
  /** `Accept`. */
  accept?: string
  /** `Sec-Fetch-Dest`. */
  secFetchDest?: string
}

/** Whether the client should get the HTML page (else the PNG); see the module comment for the rule. */
export function wantsPage({ accept, secFetchDest }: PageSignals): boolean {
  const dest = secFetchDest?.trim().toLowerCase()
  if (dest) return NAVIGATION.has(dest)
  const ranges = acceptedRanges(accept)
  if (ranges.includes('application/xhtml+xml')) return true
  return ranges.includes('text/html') && !ranges.some((r) => r.startsWith('image/'))
}

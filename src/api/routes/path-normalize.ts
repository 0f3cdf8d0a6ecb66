/**
 * Request paths read the way clients of MineSkin expect: MineSkin's Express 4
 * server routes case-insensitively (Express's `caseSensitive` routing option is off by default;
 * mount points in its `src/index.ts` ~395-408) and ignores a trailing slash (non-strict routing),
 * and real clients reach it with `/V2/Skins/latest` or `https://host//v2/queue`
 * (a base URL ending in `/` joined to `/v2/...`). The embedded API routes all of those to the
 * canonical path.
 *
 * Only the path's *static* segments are re-spelled: a request segment is replaced by a registered
 * route's literal segment when it equals it case-insensitively at that position; parameter values
 * (player names, base64 texture values, ids) keep their case. The route patterns are read from the
 * app's own route list on use, so routes registered after the app was built are covered too.
 * @module
 */
import { getPath as honoGetPath } from 'hono/utils/url'

/** One segment of a route pattern. */
type Segment =
  | { kind: 'static'; text: string; lower: string }
  | { kind: 'param'; optional: boolean; test: RegExp | null }
  | { kind: 'wildcard' }

/** A compiled route pattern and how many of its segments are literal (more wins). */
interface Pattern {
  segments: Segment[]
  statics: number
}

/** Splits a Hono route path into segments, keeping `/` inside `{regex}` parameter constraints. */
function splitPattern(path: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of path) {
    if (ch === '{') depth++
    else if (ch === '}') depth--
    if (ch === '/' && depth === 0) {
      if (cur) out.push(cur)
      cur = ''
    } else cur += ch
  }
  if (cur) out.push(cur)
  return out
}

/** Compiles one Hono route path (`/v2/skins/:id`, `/get/forTexture/:value/:signature?`, `/textures/*`). */
export function compilePattern(path: string): Pattern {
  const segments = splitPattern(path).map((s): Segment => {
    if (s === '*') return { kind: 'wildcard' }
    if (s.startsWith(':')) {
      const m = /^:[^{?]+(?:\{(.+)\})?(\?)?$/.exec(s)
      return { kind: 'param', optional: Boolean(m?.[2]), test: m?.[1] ? new RegExp(`^(?:${m[1]})$`) : null }
    }
    return { kind: 'static', text: s, lower: s.toLowerCase() }
  })
  return { segments, statics: segments.filter((s) => s.kind === 'static').length }
}

/** The request segments as `pattern` would route them (statics re-spelled), or null when it does not match. */
function respell(p: Segment[], r: readonly string[], pi = 0, ri = 0): string[] | null {
  const s = p[pi]
  if (!s) return ri === r.length ? [] : null
  if (s.kind === 'wildcard' && pi === p.length - 1) return r.slice(ri)
  const seg = r[ri]
  if (seg === undefined) return s.kind === 'param' && s.optional && pi === p.length - 1 ? [] : null
  const head = s.kind === 'static' ? (seg.toLowerCase() === s.lower ? s.text : null) : s.kind === 'param' && s.test && !s.test.test(seg) ? null : seg
  if (head === null) return null
  const rest = respell(p, r, pi + 1, ri + 1)
  return rest && [head, ...rest]
}

/**
 * `path` (already percent-decoded) with repeated slashes collapsed, no trailing slash, and each
 * static segment spelled as in the most specific matching pattern (most literal segments; the
 * earlier registered on a tie, as Express picks the first route that matches).
 */
export function normalizePath(path: string, patterns: readonly Pattern[]): string {
  const segs = path.split('/').filter((s) => s !== '')
  let best: { statics: number; segs: string[] } | null = null
  for (const p of patterns) {
    if (p.statics === 0 || (best && p.statics <= best.statics)) continue
    const spelled = respell(p.segments, segs)
    if (spelled) best = { statics: p.statics, segs: spelled }
  }
  return `/${(best?.segs ?? segs).join('/')}`
}

/**
 * The `getPath` option of the API's `new Hono(...)`: Hono's own path reading (percent-decoding),
 * then {@link normalizePath} over the routes `routes()` lists. Hono ignores a custom `getPath` unless
 * `strict` is left on, so this also does what `strict: false` did (trailing slash ignored).
 */
export function pathNormalizer(routes: () => readonly { path: string }[]): (request: Request) => string {
  let seen = -1
  let patterns: Pattern[] = []
  return (request) => {
    const list = routes()
    if (list.length !== seen) {
      const unique = [...new Set(list.map((r) => r.path))]
      // Most literal first (a stable sort keeps registration order on ties): the first match wins.
      patterns = unique.map(compilePattern).sort((a, b) => b.statics - a.statics)
      seen = list.length
    }
    return normalizePath(honoGetPath(request), patterns)
  }
}

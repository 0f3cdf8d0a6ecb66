/**
 * The Bun static file handler (docs/performance.md "Compression"): answers only the paths of its index of
 * `dist/client` (src/server/static/static-index.ts), so a page request costs a map miss and no file
 * system call, and no path — `..`, NUL, over-long — can reach a file it does not list. Sends the
 * build's Brotli or gzip copy the client accepts (`Content-Encoding`, `Vary: Accept-Encoding`),
 * the original's Content-Type, Content-Length, Cache-Control (hashed `/assets/*` immutable for a
 * year, the rest an hour), ETag / Last-Modified with 304, and HEAD.
 *
 * The index is listed once at start. A miss under `/assets/` lists again (every time in development,
 * where the build rewrites the directory under the running server; at most once a minute in
 * production, where the manifest is read at the first page and a build may land after the listing).
 * In development a hit also re-reads its file's size and time.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import { negotiateEncoding, type Coding } from './negotiate-encoding'
import { indexFile, listStaticFiles, nodeIndexFs, type IndexFs, type StaticEntry } from './static-index'

/** Options of the handler. */
export interface StaticFilesOptions {
  /** The client build directory (`dist/client`). */
  root: string
  /** Development: re-list on every `/assets/` miss and re-stat hits. */
  dev?: boolean
  /** File-system calls (tests count them). */
  fs?: IndexFs
  /** Clock of the production re-list limit (tests inject it). */
  now?: () => number
}

/** The handler and what it knows. */
export interface StaticFiles {
  handler: MiddlewareHandler
  /** Whether `path` (decoded URL path) is a file of the index: its answer brings its own coding. */
  has(path: string): boolean
}

/** Hashed build output never changes under its name; the copied static files may. */
export const cacheControlFor = (path: string) => (path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')

/** Production: at most one re-listing per this many ms, however many unknown `/assets/` paths come. */
export const RELIST_INTERVAL_MS = 60_000

/**
 * Whether the client's validators match (RFC 9110 §13.1.2, §13.1.3): If-None-Match by weak
 * comparison, else If-Modified-Since against the file time in whole seconds.
 */
function notModified(headers: Headers, etag: string, mtimeMs: number): boolean {
  const match = headers.get('if-none-match')
  if (match !== null) return match.trim() === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  const since = headers.get('if-modified-since')
  if (since === null) return false
  const time = Date.parse(since)
  return Number.isFinite(time) && Math.floor(mtimeMs / 1000) * 1000 <= time
}

/** The answer for `entry` to `request`. */
function respond(entry: StaticEntry, path: string, request: Request): Response {
  const codings = Object.keys(entry.encoded) as Coding[]
  const coding = codings.length ? negotiateEncoding(request.headers.get('accept-encoding'), codings) : undefined
  const sent = coding ? entry.encoded[coding]! : entry
  const headers = new Headers({
    'Content-Type': entry.type,
    'Cache-Control': cacheControlFor(path),
    ETag: sent.etag,
    'Last-Modified': new Date(entry.mtimeMs).toUTCString(),
  })
  // Only a file with copies varies by Accept-Encoding; caches must then keep one answer per coding.
  if (codings.length) headers.set('Vary', 'Accept-Encoding')
  if (coding) headers.set('Content-Encoding', coding)
  if (notModified(request.headers, sent.etag, entry.mtimeMs)) return new Response(null, { status: 304, headers })
  headers.set('Content-Length', String(sent.size))
  return new Response(request.method === 'HEAD' ? null : Bun.file(sent.path), { headers })
}

/** Builds the handler over `options.root`. */
export function staticFiles(options: StaticFilesOptions): StaticFiles {
  const fs = options.fs ?? nodeIndexFs
  const now = options.now ?? Date.now
  let index = listStaticFiles(options.root, fs)
  let listedAt = now()

  /** The entry of `path`, re-listing an `/assets/` miss when allowed. */
  const lookup = (path: string): StaticEntry | undefined => {
    const entry = index.get(path)
    if (entry) {
      if (!options.dev) return entry
      const fresh = indexFile(entry.path, fs)
      if (fresh) index.set(path, fresh)
      else index.delete(path)
      return fresh
    }
    if (!path.startsWith('/assets/') || (!options.dev && now() - listedAt < RELIST_INTERVAL_MS)) return undefined
    index = listStaticFiles(options.root, fs)
    listedAt = now()
    return index.get(path)
  }

  return {
    has: (path) => index.has(path),
    handler: async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
      const path = c.req.path
      const entry = lookup(path)
      if (!entry) return next()
      return respond(entry, path, c.req.raw)
    },
  }
}

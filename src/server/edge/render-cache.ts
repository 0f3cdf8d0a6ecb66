/**
 * Renders answered from the Cache API (docs/architecture.md "Edge behaviour"): on workerd the render
 * backend is wrapped so `GET /render/*` is looked up in `caches.default` first and a cacheable answer
 * is stored there for the next visitor of that data centre. On Bun the renderer keeps its own
 * in-process LRU (src/render) and this wrapper is not used.
 *
 * Only what the answer itself allows is stored: a 200 with a positive `max-age`/`s-maxage` and no
 * `private`, `no-store`, `no-cache`, `Set-Cookie` or `Vary: *`. Content-addressed renders (a texture
 * hash in the URL) are `immutable` for a year; renders of a texture URL say one hour — the Cache API
 * expires each by its own header. The key is the URL alone: renders do not depend on cookies or other
 * request headers. Answers carry `X-Render-Cache: hit` or `miss`; a conditional request that matches
 * a cached copy's ETag gets a 304.
 * @module
 */
import { ifNoneMatchHits } from '../../render/etag'
import type { Backend } from '../app-options'

/** The part of the Cache API this needs (`caches.default` on workerd; a stand-in in unit tests). */
export interface RenderCache {
  match(request: Request): Promise<Response | undefined>
  put(request: Request, response: Response): Promise<void>
}

/** Header telling whether the answer came from the cache. */
export const RENDER_CACHE_HEADER = 'X-Render-Cache'

/** Whether `response` may be kept in a shared cache, by its own headers. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false
  if ((response.headers.get('vary') ?? '').split(',').some((v) => v.trim() === '*')) return false
  const directives = (response.headers.get('cache-control') ?? '').toLowerCase().split(',').map((d) => d.trim())
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return false
  const age = (name: string) => Number(directives.find((d) => d.startsWith(`${name}=`))?.slice(name.length + 1) ?? 0)
  return Math.max(age('s-maxage'), age('max-age')) > 0
}

/** `response` with the cache header set (a copy: cached and fetched answers have immutable headers). */
function marked(response: Response, state: 'hit' | 'miss'): Response {
  const copy = new Response(response.body, response)
  copy.headers.set(RENDER_CACHE_HEADER, state)
  return copy
}

/**
 * `backend` behind `cache`, which is asked for per request (undefined: no cache here). The store is
 * awaited before answering: the app is shared by all requests of an isolate and a backend sees no
 * execution context, and a render is a few kilobytes, so the wait is short.
 */
export function cachedRenderBackend(backend: Backend, cache: () => Promise<RenderCache | undefined>): Backend {
  return {
    async fetch(request) {
      if (request.method !== 'GET') return backend.fetch(request)
      const store = await cache()
      if (!store) return backend.fetch(request)
      const key = new Request(request.url)
      const cached = await store.match(key)
      if (cached) {
        const etag = cached.headers.get('etag')
        if (etag && ifNoneMatchHits(request.headers.get('if-none-match') ?? undefined, etag)) {
          return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cached.headers.get('cache-control') ?? '', [RENDER_CACHE_HEADER]: 'hit' } })
        }
        return marked(cached, 'hit')
      }
      const response = await backend.fetch(request)
      if (isStorable(response)) await store.put(key, response.clone()).catch((error: unknown) => console.warn('[render-cache] put failed', error))
      return marked(response, 'miss')
    },
  }
}

/** workerd's `caches.default`, or undefined where there is no Cache API (Bun, tests). */
export const defaultEdgeCache = async (): Promise<RenderCache | undefined> =>
  (globalThis as { caches?: { default?: RenderCache } }).caches?.default

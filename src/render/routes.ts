/**
 * The render service's HTTP surface (SPEC §7):
 *   GET /render?url=&overlay=&body=&scale=&slim=        any texture URL or bare texture id
 *   GET /render/{face|head|body}/{textureHash}?scale=&overlay=&slim=   content-addressed
 * Renders of a known hash are immutable: strong ETag from hash + options, one-year
 * `immutable` caching, 304 on `If-None-Match`, and an in-memory LRU of encoded PNGs. Renders that
 * need an outbound fetch pass a per-client rate limit and a cap on concurrent fetches (fetch-gate.ts).
 * @module
 */
import { Hono, type Context } from 'hono'
import { oneLineError } from '../shared/log/one-line'
import { RenderError, errorResponse, isRenderError } from './errors'
import { ifNoneMatchHits, renderEtag, renderKey, type RenderKey } from './etag'
import { FetchRefused, clientKey, createFetchGate, quotaHeaders, type FetchGateOptions, type FetchQuota } from './fetch-gate'
import { LruCache } from '../shared/lru-cache'
import {
  parseParams,
  renderQuerySchema,
  renderViewSchema,
  textureHashSchema,
  viewQuerySchema,
  type ViewQuery,
} from './render-params'
import { renderSkinPng, type SkinView } from './render-skin'
import { MOJANG_TEXTURE_HOST, hashRef, loadTexture, resolveTextureUrl, type TextureRef, type TextureSourceOptions } from './texture-source'

/** How the app wires the renderer to its textures. */
export interface RenderOptions {
  /** Bytes of a texture PNG known locally (the embedded API's blob store) or null. No network. */
  loadTextureByHash: (hash: string) => Promise<Uint8Array | null>
  /** Fetches a remote texture PNG with the app's SSRF-safe fetcher (injected; throws on refusal). */
  fetchTexture: (url: string) => Promise<Uint8Array>
  /** Texture host a bare texture id is prefixed with (SPEC §7). Default 'http://textures.minecraft.net/texture/'. */
  textureHost?: string
  /** Hosts whose `/textures/{hash}` (and textures.minecraft.net/texture/{hash}) URLs map to loadTextureByHash first. */
  localTextureOrigins?: string[]
  /** Max encoded renders kept in the in-memory LRU. */
  cacheEntries?: number
  /** Per-client rate limit and concurrency cap of outbound texture fetches. */
  fetchLimits?: FetchGateOptions
}

/** Content-addressed renders never change (DESIGN.md §1 src/render). */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Renders of an arbitrary URL follow that URL's content, which may change. */
const REVALIDATE = 'public, max-age=3600'
const DEFAULT_CACHE_ENTRIES = 512

/** Hono sub-app answering GET /render and GET /render/{face|head|body}/{textureHash}; mount with app.route('/', createRenderRoutes(opts)). */
export function createRenderRoutes(options: RenderOptions): Hono {
  const source: TextureSourceOptions = {
    loadTextureByHash: options.loadTextureByHash,
    fetchTexture: options.fetchTexture,
    textureHost: options.textureHost ?? MOJANG_TEXTURE_HOST,
    localTextureOrigins: options.localTextureOrigins ?? [],
  }
  const gate = createFetchGate(options.fetchLimits)
  const cache = new LruCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES)
  // Concurrent requests for the same render share one decode + draw + encode.
  const inFlight = new Map<string, Promise<Uint8Array>>()

  const rendered = (key: RenderKey, texture: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    const id = renderKey(key)
    const hit = cache.get(id)
    if (hit) return Promise.resolve(hit)
    const pending = inFlight.get(id)
    if (pending) return pending
    const work = texture()
      .then((bytes) => renderSkinPng(bytes, key.view, key))
      .then((png) => {
        cache.set(id, png)
        return png
      })
      .finally(() => inFlight.delete(id))
    inFlight.set(id, work)
    return work
  }

  /**
   * Answers a render of a texture ref; a fetch it needs counts against the client's quota, whose
   * `X-RateLimit-*` headers the answer then carries (with `Retry-After` when refused).
   */
  const answer = async (c: Context, ref: TextureRef, view: SkinView, query: ViewQuery): Promise<Response> => {
    let quota: FetchQuota | undefined
    const client = clientKey(c.req.raw.headers)
    const gated: TextureSourceOptions = {
      ...source,
      fetchTexture: (url) => gate.run(client, () => source.fetchTexture(url), (q) => (quota = q)),
    }
    try {
      const response = await renderRef(c, ref, view, query, gated)
      if (quota) for (const [k, v] of Object.entries(quotaHeaders(quota))) response.headers.set(k, v)
      return response
    } catch (e) {
      if (quota) for (const [k, v] of Object.entries(quotaHeaders(quota))) c.header(k, v)
      if (e instanceof FetchRefused) c.header('Retry-After', String(e.retryAfter))
      throw e
    }
  }

  /** Renders a texture ref, with 304/ETag handling wherever the texture is content-addressed. */
  const renderRef = async (c: Context, ref: TextureRef, view: SkinView, query: ViewQuery, source: TextureSourceOptions): Promise<Response> => {
    if (ref.kind === 'hash') {
      const key: RenderKey = { view, texture: ref.hash, ...query }
      const etag = renderEtag(key)
      if (ifNoneMatchHits(c.req.header('If-None-Match'), etag)) return notModified(etag, IMMUTABLE)
      return pngResponse(await rendered(key, () => loadTexture(ref, source)), etag, IMMUTABLE)
    }
    const bytes = await loadTexture(ref, source)
    const key: RenderKey = { view, texture: `sha256:${await sha256Hex(bytes)}`, ...query }
    const etag = renderEtag(key)
    if (ifNoneMatchHits(c.req.header('If-None-Match'), etag)) return notModified(etag, REVALIDATE)
    return pngResponse(await rendered(key, async () => bytes), etag, REVALIDATE)
  }

  const app = new Hono()
  app.onError((err, c) => {
    if (isRenderError(err)) return errorResponse(c, err)
    console.error(`[render] ${oneLineError(err)}`)
    return errorResponse(c, new RenderError('internal_error', 'The render failed', 500))
  })

  app.get('/render', (c) => {
    const query = parseParams(renderQuerySchema, c.req.query())
    const ref = resolveTextureUrl(query.url, source)
    return answer(c, ref, query.body ? 'body' : 'head', { scale: query.scale, overlay: query.overlay, slim: query.slim })
  })

  app.get('/render/:view/:hash', (c) => {
    const view = parseParams(renderViewSchema, c.req.param('view'), 'view')
    const hash = parseParams(textureHashSchema, c.req.param('hash'), 'textureHash')
    const query = parseParams(viewQuerySchema, c.req.query())
    return answer(c, hashRef(hash, source), view, query)
  })

  return app
}

function pngResponse(png: Uint8Array, etag: string, cacheControl: string): Response {
  return new Response(png as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': cacheControl,
      ETag: etag,
      // Renders are public images; canvases (cape overlay, share images) may read them cross-origin.
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** RFC 9110 §15.4.5: a 304 repeats the ETag and Cache-Control a 200 would have sent. */
function notModified(etag: string, cacheControl: string): Response {
  return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } })
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Where a texture's bytes come from. Content-addressed references (a texture hash, a
 * textures.minecraft.net URL, or a `/textures/{hash}` URL of one of our own origins) are read
 * from the embedded API's blob store first, with no network; everything else
 * goes through the app's SSRF-safe fetcher, which is injected, never `fetch` directly.
 * @module
 */
import { RenderError, isRenderError } from './errors'

/** Mojang's texture host a bare texture id is prefixed with (SPEC §7). */
export const MOJANG_TEXTURE_HOST = 'http://textures.minecraft.net/texture/'

/** How the renderer reaches textures (the wiring half of `RenderOptions`). */
export interface TextureSourceOptions {
  loadTextureByHash: (hash: string) => Promise<Uint8Array | null>
  fetchTexture: (url: string) => Promise<Uint8Array>
  textureHost: string
  localTextureOrigins: readonly string[]
}

/** A texture known by hash (`remoteUrl` null: local only), or an arbitrary image URL. */
export type TextureRef = { kind: 'hash'; hash: string; remoteUrl: string | null } | { kind: 'url'; url: string }

const HEX_ID = /^[0-9a-f]{8,64}$/i

/** The ref of a content-addressed route: the blob store first, then `textureHost` + hash. */
export function hashRef(hash: string, options: TextureSourceOptions): TextureRef {
  return { kind: 'hash', hash, remoteUrl: options.textureHost + hash }
}

/** Turns the `url` query parameter into a {@link TextureRef}; 400 `invalid_render_request` when it is no http(s) URL or texture id. */
export function resolveTextureUrl(input: string, options: TextureSourceOptions): TextureRef {
  if (HEX_ID.test(input)) return { kind: 'hash', hash: input.toLowerCase(), remoteUrl: options.textureHost + input.toLowerCase() }
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new RenderError('invalid_render_request', 'url must be an http(s) URL or a bare texture id')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RenderError('invalid_render_request', 'url must be an http(s) URL or a bare texture id')
  }
  const lastSegment = url.pathname.split('/').pop() ?? ''
  const hash = HEX_ID.test(lastSegment) && !url.search ? lastSegment.toLowerCase() : null
  if (hash) {
    const underTextureHost = url.href.toLowerCase() === (options.textureHost + lastSegment).toLowerCase()
    const mojang = url.hostname === 'textures.minecraft.net' && url.pathname === `/texture/${lastSegment}`
    if (underTextureHost || mojang) return { kind: 'hash', hash, remoteUrl: url.href }
    if (url.pathname === `/textures/${lastSegment}` && isLocalOrigin(url, options.localTextureOrigins)) {
      return { kind: 'hash', hash, remoteUrl: null }
    }
  }
  return { kind: 'url', url: url.href }
}

/** `origins` entries may be full origins (`https://skins.example`) or bare hosts (`skins.example:8080`). */
function isLocalOrigin(url: URL, origins: readonly string[]): boolean {
  return origins.some((entry) => {
    if (!entry.includes('://')) return entry.toLowerCase() === url.host
    try {
      return new URL(entry).origin === url.origin
    } catch {
      return false
    }
  })
}

/** The texture's PNG bytes; 404 `texture_not_found` when nobody has it, 502 `texture_fetch_failed` when the remote fetch breaks. */
export async function loadTexture(ref: TextureRef, options: TextureSourceOptions): Promise<Uint8Array> {
  if (ref.kind === 'url') return fetchRemote(ref.url, options)
  const local = await options.loadTextureByHash(ref.hash)
  if (local) return local
  if (ref.remoteUrl === null) throw new RenderError('texture_not_found', `No texture with hash ${ref.hash}`, 404)
  return fetchRemote(ref.remoteUrl, options)
}

async function fetchRemote(url: string, options: TextureSourceOptions): Promise<Uint8Array> {
  try {
    return await options.fetchTexture(url)
  } catch (e) {
    throw fetchFailure(e, url)
  }
}

/**
 * Maps what the injected fetcher throws: our own errors pass through; an error carrying
 * `status` 404 means the texture does not exist; other 4xx errors with a `code` (e.g. the
 * fetcher refusing a private address) keep their code and status; anything else is upstream
 * trouble, 502.
 */
function fetchFailure(e: unknown, url: string): RenderError {
  if (isRenderError(e)) return e
  const { status, code, message } = (e ?? {}) as { status?: unknown; code?: unknown; message?: unknown }
  const text = typeof message === 'string' && message ? message : 'unknown error'
  if (status === 404) return new RenderError('texture_not_found', `No texture at ${url}`, 404)
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof code === 'string') {
    return new RenderError(code, text, status as RenderError['status'])
  }
  return new RenderError('texture_fetch_failed', `Could not fetch the texture at ${url}: ${text}`, 502)
}

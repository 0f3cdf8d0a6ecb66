/**
 * Downloads textures by hash from the configured texture host (`MOJANG_TEXTURES_BASE`, default
 * textures.minecraft.net): player skins for user-mode generation and texture URLs given as input.
 * The host is configuration, not user input, so it skips the SSRF checks (a test stand-in lives on
 * loopback) but keeps a deadline, a size cap and the PNG content type.
 * @module
 */
import { ApiError } from './errors'
import { MAX_SKIN_BYTES } from './image'

/** Options of {@link createTextureHostFetcher}. */
export interface TextureHostOptions {
  base: string
  timeoutMs: number
  fetch?: typeof fetch
}

const failed = (msg: string) => new ApiError('invalid_skin_data', msg, 502, 'UPSTREAM')

/** Returns `hash => PNG bytes` for the texture host. */
export function createTextureHostFetcher(opts: TextureHostOptions): (hash: string) => Promise<Uint8Array> {
  const doFetch = opts.fetch ?? fetch
  const base = opts.base.replace(/\/+$/, '')
  return async (hash) => {
    let res: Response
    try {
      res = await doFetch(`${base}/texture/${hash}`, { signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'follow' })
    } catch (e) {
      if (e instanceof DOMException && e.name === 'TimeoutError') throw new ApiError('invalid_skin_data', 'The texture host timed out', 504, 'UPSTREAM')
      throw failed('The texture host is unreachable')
    }
    if (res.status === 404) {
      await res.body?.cancel()
      // The host is up and has no such texture: the input names nothing, which is not an upstream failure.
      throw new ApiError('texture_not_found', `The texture host has no texture ${hash}`, 404)
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw failed(`The texture host answered HTTP ${res.status} for texture ${hash}`)
    }
    const declared = Number(res.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > MAX_SKIN_BYTES) {
      await res.body?.cancel()
      throw failed('The texture is larger than a skin can be')
    }
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (bytes.length > MAX_SKIN_BYTES) throw failed('The texture is larger than a skin can be')
    return bytes
  }
}

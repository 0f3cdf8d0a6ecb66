/**
 * The Minecraft profile calls a linked account needs (api.minecraftservices.com, reference
 * account-pool.md §2 step 5 and skins-and-peers.md §2.3): read the profile (active skin, owned capes),
 * upload a skin (multipart `variant` + `file`, as the signing pool does), show or hide a cape. Each
 * answer that is not a success becomes a {@link WearError}: 401/403 → the saved sign-in must be
 * renewed, 429 → Mojang's rate limit (with its `Retry-After` when given), 5xx or no answer → Mojang
 * unavailable, 400 on an upload → Mojang refused the image.
 * @module
 */
import { z } from 'zod'
import { hashFromTextureUrl } from '../profiles/textures-value'
import { WearError } from './wear-errors'

/** Where and how to call. */
export interface ProfileApiConfig {
  /** e.g. https://api.minecraftservices.com (no trailing slash). */
  servicesBase: string
  fetch?: typeof fetch
  /** Per-request deadline, ms. Default 10 000. */
  timeoutMs?: number
  now: () => number
}

const capeSchema = z.object({ id: z.string(), state: z.string().default('INACTIVE'), url: z.string().default(''), alias: z.string().default('') })
const profileSchema = z.object({
  id: z.string().transform((id) => id.replaceAll('-', '').toLowerCase()),
  name: z.string(),
  skins: z.array(z.object({ state: z.string(), url: z.string(), variant: z.string().optional() })).default([]),
  capes: z.array(capeSchema).default([]),
})

/** A cape the profile owns. */
export interface OwnedCape {
  id: string
  alias: string
  url: string
  /** Texture hash of the cape image (64 hex), when its URL carries one. */
  hash: string | null
  active: boolean
}

/** The profile as minecraftservices reports it. */
export interface LiveProfile {
  id: string
  name: string
  skin: { url: string; hash: string | null; variant: 'classic' | 'slim' } | null
  capes: OwnedCape[]
}

/** Seconds of a `Retry-After` header (delta seconds or an HTTP date), as an epoch-ms time. */
function retryAfter(res: Response, now: number): number | undefined {
  const value = res.headers.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return now + Math.max(0, seconds) * 1000
  const date = Date.parse(value)
  return Number.isFinite(date) ? date : undefined
}

const toProfile = (raw: unknown): LiveProfile => {
  const p = profileSchema.safeParse(raw)
  if (!p.success) throw new WearError('minecraft_unavailable', 'the profile answer was not understood')
  const active = p.data.skins.find((s) => s.state === 'ACTIVE')
  return {
    id: p.data.id,
    name: p.data.name,
    skin: active ? { url: active.url, hash: hashFromTextureUrl(active.url), variant: active.variant?.toLowerCase() === 'slim' ? 'slim' : 'classic' } : null,
    capes: p.data.capes.map((c) => ({ id: c.id, alias: c.alias, url: c.url, hash: c.url ? hashFromTextureUrl(c.url) : null, active: c.state === 'ACTIVE' })),
  }
}

/** The calls, bound to a configuration. */
export function profileApi(cfg: ProfileApiConfig) {
  const doFetch = cfg.fetch ?? fetch
  const timeoutMs = cfg.timeoutMs ?? 10_000

  async function call(path: string, token: string, init: RequestInit = {}): Promise<LiveProfile> {
    let res: Response
    try {
      res = await doFetch(`${cfg.servicesBase}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw new WearError('minecraft_unavailable', `${path}: no answer`)
    }
    if (res.status === 401 || res.status === 403) throw new WearError('link_needs_sign_in', `${path}: HTTP ${res.status}`)
    if (res.status === 429) throw new WearError('wear_rate_limited', `${path}: HTTP 429`, retryAfter(res, cfg.now()))
    if (res.status >= 400 && res.status < 500) throw new WearError('invalid_skin', `${path}: HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 160)}`)
    if (!res.ok) throw new WearError('minecraft_unavailable', `${path}: HTTP ${res.status}`)
    return toProfile(await res.json().catch(() => null))
  }

  return {
    /** The profile the token belongs to. */
    read: (token: string) => call('/minecraft/profile', token),
    /** Sets the active skin from PNG bytes; answers the profile with the new skin. */
    uploadSkin(token: string, png: Uint8Array, variant: 'classic' | 'slim') {
      const form = new FormData()
      form.set('variant', variant)
      form.set('file', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'skin.png')
      return call('/minecraft/profile/skins', token, { method: 'POST', body: form })
    },
    /** Shows the owned cape `capeId`. */
    showCape: (token: string, capeId: string) =>
      call('/minecraft/profile/capes/active', token, { method: 'PUT', body: JSON.stringify({ capeId }), headers: { 'content-type': 'application/json' } }),
  }
}

/** The bound calls. */
export type ProfileApi = ReturnType<typeof profileApi>

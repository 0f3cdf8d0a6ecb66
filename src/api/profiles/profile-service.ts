/**
 * Client of the Mojang-compatible profile services (reference skins-and-peers.md §2.5): name -> uuid on
 * `{apiBase}/users/profiles/minecraft/{name}` and uuid -> profile on
 * `{sessionBase}/session/minecraft/profile/{uuid}`. Base URLs come from config so tests and offline
 * installs point at a stand-in. "No such player" (204/404, or a name/uuid that cannot exist) is null;
 * anything else that goes wrong upstream is an ApiError with source UPSTREAM.
 * @module
 */
import type { z } from 'zod'
import { ApiError, isApiError } from '../errors'
import { minecraftProfileSchema, nameLookupSchema, type MinecraftProfile } from './schemas'

/** Where the profile services live and how to call them. */
export interface ProfileServiceConfig {
  /** e.g. https://api.mojang.com */
  apiBase: string
  /** e.g. https://sessionserver.mojang.com */
  sessionBase: string
  fetch?: typeof fetch
  /** Per-call deadline, ms. Default 5000. */
  timeoutMs?: number
}

/** Name and uuid lookups against a Mojang-compatible profile service. */
export interface ProfileService {
  /** name -> {id, name} or null when no such player. */
  lookupName(name: string): Promise<{ id: string; name: string } | null>
  /** uuid (32 hex or dashed) -> profile or null; signed=true asks ?unsigned=false. */
  getProfile(uuid: string, opts?: { signed?: boolean }): Promise<MinecraftProfile | null>
}

/** Player names Mojang can have: 1–16 letters, digits and underscores. */
const PLAYER_NAME = /^[A-Za-z0-9_]{1,16}$/

/** 32 hex or the dashed 8-4-4-4-12 form. */
const UUID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

const upstream = (message: string, status: 502 | 504 = 502) =>
  new ApiError(status === 504 ? 'upstream_timeout' : 'upstream_error', message, status, 'UPSTREAM')

/** Creates a {@link ProfileService} for the given base URLs. */
export function createProfileService(config: ProfileServiceConfig): ProfileService {
  const doFetch = config.fetch ?? fetch
  const timeoutMs = config.timeoutMs ?? 5000
  const apiBase = config.apiBase.replace(/\/+$/, '')
  const sessionBase = config.sessionBase.replace(/\/+$/, '')

  /** GETs `url`; null for 204/404, parsed JSON for 200, ApiError UPSTREAM otherwise. */
  async function getJson<T extends z.ZodType>(url: string, schema: T, what: string): Promise<z.infer<T> | null> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const res = await doFetch(url, { signal, headers: { accept: 'application/json' } })
      if (res.status === 204 || res.status === 404) {
        await res.body?.cancel()
        return null
      }
      if (res.status === 429) throw upstream(`The profile service is rate limiting ${what}`)
      if (!res.ok) throw upstream(`The profile service answered HTTP ${res.status} for ${what}`)
      const parsed = schema.safeParse(await res.json())
      if (!parsed.success) throw upstream(`The profile service sent an unexpected ${what} answer`)
      return parsed.data
    } catch (e) {
      if (isApiError(e)) throw e
      if (signal.aborted) throw upstream(`The profile service did not answer ${what} within ${timeoutMs} ms`, 504)
      throw upstream(`The profile service could not be reached for ${what}`)
    }
  }

  return {
    async lookupName(name) {
      if (!PLAYER_NAME.test(name)) return null
      return getJson(`${apiBase}/users/profiles/minecraft/${encodeURIComponent(name)}`, nameLookupSchema, `name ${name}`)
    },
    async getProfile(uuid, opts = {}) {
      if (!UUID.test(uuid)) return null
      const id = uuid.replaceAll('-', '').toLowerCase()
      const query = opts.signed ? '?unsigned=false' : ''
      return getJson(`${sessionBase}/session/minecraft/profile/${id}${query}`, minecraftProfileSchema, `profile ${id}`)
    },
  }
}

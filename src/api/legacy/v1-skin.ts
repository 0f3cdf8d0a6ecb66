/**
 * A stored skin in the v1 shape (reference/mineskin-api.md §7; MineSkin's old `Skin.toResponseJson`):
 * an integer `id` (our row id, stable per skin), `data.uuid` dashed and per skin, `model` beside
 * `variant`, the time in epoch seconds, and the integer account number old clients parse.
 * @module
 */
import type { RateLimitInfo, V1Skin } from '../../shared/schemas/api'
import type { SkinRecord } from '../skins/services/skin-record'

/** `8-4-4-4-12` form of a 32-hex uuid. */
export const dashUuid = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`

/** v1 `model` of a variant (MineSkin `variantToModel`: classic is "steve"). */
export const variantToModel = (variant: string): V1Skin['model'] => (variant === 'classic' ? 'steve' : variant === 'slim' ? 'slim' : 'unknown')

/** Mojang texture URLs with https, as the v2 skin shows them. */
const https = (url: string): string => url.replace(/^http:\/\/textures\.minecraft\.net\//, 'https://textures.minecraft.net/')

/**
 * v1 `data.uuid`: the profile id NPC plugins (Citizens, ZNPCs, …) store as the skin's game profile.
 * MineSkin gives every skin its own, a random version-4 uuid (`Generator.ts`: `meta.uuid`). Ours is
 * the skin's own uuid, dashed — a version-4 uuid too, the same on every read of the skin, different
 * for every skin, and the profile id the skin page's `/give` commands use (shared/skin/give-commands.ts).
 */
const profileUuid = (rec: SkinRecord): string => dashUuid(rec.skin.uuid)

/**
 * v1 `account`: MineSkin numbered its accounts. Ours are named (`local`, a pool account's id
 * prefix), so a numeric name is kept and any other is 0, MineSkin's own "unknown" (`account || 0`).
 */
const accountNumber = (account: string): number => (/^\d{1,9}$/.test(account) ? Number(account) : 0)

/** The v1 skin object of a record. */
export function toV1Skin(rec: SkinRecord): V1Skin {
  const { skin, data } = rec
  const account = accountNumber(data.account)
  const url = https(data.textureUrl)
  return {
    id: skin.id,
    idStr: String(skin.id),
    uuid: skin.uuid,
    hash: data.textureHash,
    name: skin.name ?? '',
    model: variantToModel(skin.variant),
    variant: skin.variant,
    data: {
      uuid: profileUuid(rec),
      texture: { value: data.value, signature: data.signature, url, urls: { skin: url, ...(data.capeUrl ? { cape: https(data.capeUrl) } : {}) } },
    },
    timestamp: Math.round(skin.createdAt / 1000),
    duration: Math.max(0, data.queueEnd - data.queueStart),
    accountId: account,
    account,
    server: data.server,
    private: skin.visibility !== 'public',
    views: skin.views,
  }
}

/** `delayInfo` of a v1 answer: the caller's delay between generate requests. */
export const v1DelayInfo = (rl: Pick<RateLimitInfo, 'delay'>) => ({ millis: Math.max(0, Math.round(rl.delay.millis)), seconds: Math.max(0, Math.ceil(rl.delay.seconds)) })

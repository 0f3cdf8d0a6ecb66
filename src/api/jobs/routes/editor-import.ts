/**
 * `GET /v2/editor/import?user=…|url=…` (our extension, docs/api.md "Editor import"): the PNG of a
 * player's current skin, or of an image URL, for the skin editor to open. Fetched exactly as a
 * generate input is (../generate/prepare-input.ts: the profile service and texture host for a
 * player; the SSRF-safe fetcher with its URL rules, size limit and content type for a URL; our own
 * skin links resolved under the skin access rule) and checked as a skin (64×64, or 64×32 legacy, which
 * is answered as it is: the editor converts it). Nothing is stored. Counts against the caller's
 * look-up limit (../../routes/lookup-limit.ts), like `/validate/*`; needs no cookie.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { EDITOR_VARIANT_HEADER, isUuid } from '../../../shared/schemas/api'
import { PLAYER_NAME } from '../../../shared/schemas/api/patterns'
import { textureKey } from '../../blob/blob-store'
import { ApiError } from '../../errors'
import { MAX_IMAGE_URL_LENGTH } from '../../fetch/safe-fetch'
import { invalidImageUrl } from '../../fetch/errors'
import type { ApiServices } from '../../services'
import type { ApiContext } from '../../services/context'
import type { Identity } from '../../users/identity'
import type { ApiEnv } from '../../routes/env'
import { lookupLimit } from '../../routes/lookup-limit'
import { findPlayerSkin, prepareUrl } from '../generate/prepare-input'

/** A skin PNG to answer and the model to name with it. */
interface Imported {
  png: Uint8Array<ArrayBuffer>
  variant: 'classic' | 'slim'
}

/** Which input the query names, checked before anything is counted or fetched. */
function readSource(query: Record<string, string>): { kind: 'user'; user: string } | { kind: 'url'; url: string } {
  const user = query.user?.trim() || undefined
  const url = query.url?.trim() || undefined
  if ((user === undefined) === (url === undefined)) throw new ApiError('invalid_request', 'Send exactly one of `user` and `url`', 400)
  if (user !== undefined) {
    if (!PLAYER_NAME.test(user) && !isUuid(user)) throw new ApiError('invalid_user', 'Not a player name or uuid', 400)
    return { kind: 'user', user }
  }
  if (!/^https?:\/\//i.test(url!)) throw invalidImageUrl('the URL must start with http:// or https://')
  if (url!.length > MAX_IMAGE_URL_LENGTH) throw invalidImageUrl(`longer than ${MAX_IMAGE_URL_LENGTH} characters`)
  return { kind: 'url', url: url! }
}

/** The player's current skin; 404 `player_not_found` / `player_without_skin` when there is none. */
async function importPlayer(ctx: ApiContext, user: string): Promise<Imported> {
  const player = await findPlayerSkin(ctx, user)
  if (!player.found) throw new ApiError(player.reason === 'unknown_player' ? 'player_not_found' : 'player_without_skin', player.message, 404)
  return { png: player.image.png, variant: player.variant }
}

/** The skin PNG behind `url`, under the generate URL rules (400 `invalid_image_url`, `blocked_url_host`, `invalid_image`). */
async function importUrl(ctx: ApiContext, url: string, who: Identity): Promise<Imported> {
  const prepared = await prepareUrl(ctx, url, who)
  if (prepared.type === 'image') return { png: prepared.image.png, variant: prepared.image.detectedVariant }
  // A link to one of our own skins the caller may see: its stored texture.
  const hash = prepared.rec.data.textureHash
  const png = (await ctx.blobs.get(textureKey(hash)))?.bytes ?? (await ctx.fetchTexture(hash))
  return { png: new Uint8Array(png), variant: prepared.rec.data.variant === 'slim' ? 'slim' : 'classic' }
}

/** Builds the editor import route. */
export function editorImportRoutes(s: ApiServices) {
  const { ctx } = s
  const r = new Hono<ApiEnv>()
  r.get('/v2/editor/import', async (c: Context<ApiEnv>) => {
    const source = readSource(c.req.query())
    await lookupLimit(ctx, c, 'Too many import requests')
    const imported = source.kind === 'user' ? await importPlayer(ctx, source.user) : await importUrl(ctx, source.url, c.get('identity'))
    // A player's skin and a URL's image change without notice: the editor asks again each time.
    return c.body(imported.png, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store', [EDITOR_VARIANT_HEADER]: imported.variant })
  })
  return r
}

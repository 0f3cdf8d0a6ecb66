/**
 * "Wear it" (docs/wear.md): a signed-in user links their own Minecraft account through Microsoft's
 * device-code sign-in (the signing pool's flow, ../signing/pool/sign-in-flow.ts, with purpose `link`
 * so it can never become a pool account), wears any skin they may see with one request, sees what
 * they wore, and unlinks, which deletes the sealed tokens at once. Everything acts on the caller's
 * own link only: there is no way to name another user's link.
 * @module
 */
import type { Identity } from '../users/identity'
import { canSeeSkin, namedBy } from '../skins/services/skin-access'
import { loadSkinRecord } from '../skins/services/skin-record'
import type { MicrosoftAuthConfig, MicrosoftFlow } from '../signing/pool/microsoft/types'
import { checkSignIn, startSignIn, type SignInFlowDeps, type SignInState } from '../signing/pool/sign-in-flow'
import type { TokenBox } from '../signing/pool/token-box'
import type { Db } from '../store/db'
import type { SqlClient } from '../store/sql'
import { linkAccessToken } from './link-session'
import { deleteLink, readLink, saveLink, saveProfile, storedCapes, type LinkRow } from './link-store'
import { profileApi, type OwnedCape } from './profile-api'
import { WearError } from './wear-errors'
import { wearSkin, type WearDeps, type WearResult } from './wear-skin'

/** Dependencies of {@link createWardrobe}. */
export interface WardrobeDeps {
  sql: SqlClient
  db: Db
  /** The signing pool's token box: links are sealed with the same key (POOL_TOKEN_KEY or its key file). */
  box: TokenBox
  /** The Microsoft chain's configuration (the pool's, config.pool.auth). */
  authFor: (flow: MicrosoftFlow) => MicrosoftAuthConfig
  /** Flow used for new links. */
  flow: MicrosoftFlow
  /** api.minecraftservices.com (MOJANG_SERVICES_BASE). */
  servicesBase: string
  /** The pool's pacing and renewal rules (config.pool.rotation). */
  rules: { minDelayMs: number; delayMarginMs: number; refreshBeforeMs: number; cooldownMs: number }
  /** A stored texture PNG by texture hash (the blob store), or null. */
  loadTexture: (hash: string) => Promise<Uint8Array | null>
  /**
   * Run after unlinking: makes the deleted tokens' bytes leave the database files too (on Bun a WAL
   * checkpoint; SQLite's `secure_delete` zeroes the freed page). Absent on D1, which keeps no file we control.
   */
  purge?: () => Promise<void>
  fetch?: typeof fetch
  now: () => number
}

/** A linked account as the account page shows it. */
export interface LinkView {
  profileId: string
  name: string
  skin: { url: string; hash: string | null; variant: string } | null
  capes: OwnedCape[]
  needsSignIn: boolean
  linkedAt: number
  /** When the profile was read from Mojang. */
  readAt: number
  /** No skin change is sent before this time. */
  nextChangeAt: number
  /** Why the live read failed (the stored profile is shown), if it did. */
  readError: WearError['code'] | null
}

/** One skin worn through the site. */
export interface WornSkin {
  skinUuid: string
  skinName: string | null
  textureHash: string
  variant: 'classic' | 'slim'
  wornAt: number
}

/** A link sign-in's state. */
export type LinkSignIn = SignInState & { linked: LinkView | null }

/** The profile is read from Mojang again when the stored one is older than this. */
const READ_AGAIN_MS = 60_000

const toView = (r: LinkRow, readError: LinkView['readError'] = null): LinkView => ({
  profileId: r.profile_id,
  name: r.profile_name,
  skin: r.skin_url ? { url: r.skin_url, hash: r.skin_hash, variant: r.skin_variant ?? 'classic' } : null,
  capes: storedCapes(r),
  needsSignIn: r.needs_sign_in_at !== null,
  linkedAt: r.linked_at,
  readAt: r.read_at,
  nextChangeAt: r.next_change_at,
  readError,
})

/** The identity `canSeeSkin` needs for a signed-in user (the creator check compares user ids). */
const userIdentity = (userId: string): Identity => ({ kind: 'user', userId, apiKeyId: null, apiKeyOrigins: null, clientId: null, ip: null, userAgent: null, grants: {} as Identity['grants'], warnings: [] })

/** Builds the wardrobe. */
export function createWardrobe(deps: WardrobeDeps) {
  const { sql, box, now } = deps
  const api = profileApi({ servicesBase: deps.servicesBase.replace(/\/+$/, ''), now, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
  const session = { sql, box, authFor: deps.authFor, renewBeforeMs: deps.rules.refreshBeforeMs, now }
  const wearDeps: WearDeps = { ...session, api, spacingMs: deps.rules.minDelayMs + deps.rules.delayMarginMs, rateLimitRestMs: deps.rules.cooldownMs }
  const flow: SignInFlowDeps = {
    sql,
    box,
    auth: deps.authFor(deps.flow),
    now,
    purpose: 'link',
    save: async (signedIn, at) => {
      if (!signedIn.ownerUserId) throw new Error('a link sign-in always has a user')
      // Replacing a link (signing in again, or the profile moving from another user) deletes old tokens.
      await saveLink(sql, box, signedIn.ownerUserId, signedIn, at)
      await deps.purge?.()
    },
  }

  /** Reads the profile from Mojang when the stored one is old (or `force`); on failure the stored one, with why. */
  async function view(userId: string, opts: { force?: boolean } = {}): Promise<LinkView | null> {
    const row = await readLink(sql, userId)
    if (!row) return null
    if (row.needs_sign_in_at !== null || (!opts.force && row.read_at + READ_AGAIN_MS > now())) return toView(row)
    try {
      const profile = await api.read(await linkAccessToken(session, row))
      await saveProfile(sql, userId, profile, now())
    } catch (e) {
      if (!(e instanceof WearError)) throw e
      const again = await readLink(sql, userId)
      return again ? toView(again, e.code) : null
    }
    const fresh = await readLink(sql, userId)
    return fresh ? toView(fresh) : null
  }

  return {
    /** Starts a device-code sign-in that links the account to `userId`. */
    startLink: (userId: string) => startSignIn(flow, { userId }),
    /** The sign-in `id` of `userId` (null when it is not theirs), polled at Microsoft when due. */
    async checkLink(userId: string, id: string): Promise<LinkSignIn | null> {
      const state = await checkSignIn(flow, id, userId)
      if (!state) return null
      const { accountId: _accountId, ...rest } = state
      return { ...rest, linked: state.status === 'done' ? await view(userId, { force: true }) : null }
    },
    view,
    /** The skin `skinId` as the user may see it (uuid, name, texture hash), for "wear it now", or null. */
    async preview(userId: string, skinId: string): Promise<{ uuid: string; name: string | null; textureHash: string } | null> {
      const rec = await loadSkinRecord(deps.db, skinId)
      if (!rec || rec.skin.status !== 'success' || !(await canSeeSkin(deps.db, rec, userIdentity(userId), namedBy(skinId)))) return null
      return { uuid: rec.skin.uuid, name: rec.skin.name, textureHash: rec.data.textureHash }
    },
    /** Makes deleted tokens leave the database files (after deleting a user with their link). */
    purge: async () => {
      await deps.purge?.()
    },
    /** Deletes the link (its sealed tokens with it); the history stays the user's. */
    async unlink(userId: string): Promise<boolean> {
      const gone = await deleteLink(sql, userId)
      if (gone) await deps.purge?.()
      return gone
    },
    /** Wears the skin named by `skinId` (uuid or short id) on `userId`'s link. */
    async wear(userId: string, skinId: string): Promise<WearResult & { skin: { uuid: string; name: string | null } }> {
      const rec = await loadSkinRecord(deps.db, skinId)
      if (!rec || rec.skin.status !== 'success' || !(await canSeeSkin(deps.db, rec, userIdentity(userId), namedBy(skinId)))) throw new WearError('skin_not_found')
      if (!(await readLink(sql, userId))) throw new WearError('not_linked')
      const png = await deps.loadTexture(rec.data.textureHash)
      if (!png) throw new WearError('invalid_skin', 'the skin has no stored texture')
      const result = await wearSkin(wearDeps, userId, {
        uuid: rec.skin.uuid,
        name: rec.skin.name,
        textureHash: rec.data.textureHash,
        variant: rec.data.variant,
        png,
        capeHash: rec.data.capeHash || null,
      })
      return { ...result, skin: { uuid: rec.skin.uuid, name: rec.skin.name } }
    },
    /** The newest `limit` skins `userId` wore. */
    async history(userId: string, limit = 50): Promise<WornSkin[]> {
      const rows = await sql.all<{ skin_uuid: string; skin_name: string | null; texture_hash: string; variant: 'classic' | 'slim'; worn_at: number }>(
        'SELECT skin_uuid, skin_name, texture_hash, variant, worn_at FROM wear_history WHERE user_id = ? ORDER BY worn_at DESC, id DESC LIMIT ?',
        [userId, limit],
      )
      return rows.map((r) => ({ skinUuid: r.skin_uuid, skinName: r.skin_name, textureHash: r.texture_hash, variant: r.variant, wornAt: r.worn_at }))
    },
  }
}

/** The wardrobe of one process. */
export type Wardrobe = ReturnType<typeof createWardrobe>

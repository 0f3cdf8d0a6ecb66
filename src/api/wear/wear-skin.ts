/**
 * Putting a skin on a linked account (docs/wear.md): the skin's stored PNG is uploaded with its arm
 * model (the same multipart upload the signing pool makes, so a skin signed by any signer can be
 * worn), then, when the skin carries a cape the account owns, that cape is shown. A skin's cape the
 * account does not own is reported, never faked; a skin without a cape leaves the account's cape as
 * it was.
 *
 * Mojang's pace is kept per account: no skin change is sent before `next_change_at` (the answer to
 * the previous change plus the pool's spacing, POOL_MIN_DELAY_S + POOL_DELAY_MARGIN_MS; reference
 * account-pool.md §6), and a 429 moves it to Mojang's `Retry-After` (or the pool's rest time).
 * The slot is claimed before the upload, so two clicks at once send one change.
 * @module
 */
import type { SqlClient } from '../store/sql'
import { linkAccessToken, type LinkSessionDeps } from './link-session'
import { readLink, saveProfile, type LinkRow } from './link-store'
import type { LiveProfile, ProfileApi } from './profile-api'
import { WearError } from './wear-errors'

/** The skin to wear, as the caller loaded it. */
export interface SkinToWear {
  uuid: string
  name: string | null
  textureHash: string
  variant: 'classic' | 'slim'
  png: Uint8Array
  /** Texture hash of the skin's cape, when it has one. */
  capeHash: string | null
}

/** What wearing did. */
export interface WearResult {
  profile: LiveProfile
  /**
   * `applied`: the skin's cape is now shown; `not_owned`: the account does not own it; `failed`:
   * Mojang did not switch it (the skin is on all the same); null: the skin has no cape.
   */
  cape: 'applied' | 'not_owned' | 'failed' | null
}

/** What {@link wearSkin} needs. */
export interface WearDeps extends LinkSessionDeps {
  api: ProfileApi
  /** Time kept between two skin changes of one account, counted from the answer to the previous one. */
  spacingMs: number
  /** How long the account rests after Mojang's 429 without a `Retry-After`. */
  rateLimitRestMs: number
}

/** How long a claimed change holds the account while its upload runs (the answer then sets the next time). */
const UPLOAD_HOLD_MS = 30_000

/** Reserves the account's next skin change; the time to try again when it is not due yet. */
async function claimChange(sql: SqlClient, row: LinkRow, now: number, holdMs: number): Promise<void> {
  const claimed = await sql.get<{ user_id: string }>(
    'UPDATE minecraft_links SET next_change_at = ? WHERE user_id = ? AND profile_id = ? AND next_change_at <= ? RETURNING user_id',
    [now + holdMs, row.user_id, row.profile_id, now],
  )
  if (claimed) return
  const current = await readLink(sql, row.user_id)
  throw new WearError('wear_rate_limited', undefined, current?.next_change_at ?? now + holdMs)
}

const setNextChange = (sql: SqlClient, row: LinkRow, at: number) => sql.run('UPDATE minecraft_links SET next_change_at = ? WHERE user_id = ? AND profile_id = ?', [at, row.user_id, row.profile_id])

/** Wears `skin` on `userId`'s linked account. */
export async function wearSkin(deps: WearDeps, userId: string, skin: SkinToWear): Promise<WearResult> {
  const row = await readLink(deps.sql, userId)
  if (!row) throw new WearError('not_linked')
  let token = await linkAccessToken(deps, row)
  // Held for at least the upload's time, so a second click meanwhile never sends a change (even with no spacing).
  await claimChange(deps.sql, row, deps.now(), Math.max(deps.spacingMs, UPLOAD_HOLD_MS))
  let profile: LiveProfile
  try {
    try {
      profile = await deps.api.uploadSkin(token, skin.png, skin.variant)
    } catch (e) {
      // A token Mojang stopped taking before its time: renew once (from the row as stored now) and try again.
      if (!(e instanceof WearError && e.code === 'link_needs_sign_in')) throw e
      const current = await readLink(deps.sql, userId)
      if (!current || current.profile_id !== row.profile_id) throw new WearError('not_linked')
      token = await linkAccessToken(deps, current, { force: true })
      profile = await deps.api.uploadSkin(token, skin.png, skin.variant)
    }
  } catch (e) {
    const now = deps.now()
    if (e instanceof WearError && e.code === 'wear_rate_limited') {
      // Mojang's Retry-After when it gives one, else the pool's rest after a 429.
      const until = e.retryAt !== undefined && e.retryAt > now ? e.retryAt : now + deps.rateLimitRestMs
      await setNextChange(deps.sql, row, until)
      throw new WearError('wear_rate_limited', 'Mojang answered 429', until)
    }
    // Nothing was changed; Mojang may still have counted the attempt.
    await setNextChange(deps.sql, row, now + deps.spacingMs)
    if (e instanceof WearError && e.code === 'link_needs_sign_in') {
      await deps.sql.run('UPDATE minecraft_links SET needs_sign_in_at = coalesce(needs_sign_in_at, ?) WHERE user_id = ? AND profile_id = ?', [now, row.user_id, row.profile_id])
    }
    throw e
  }
  await setNextChange(deps.sql, row, deps.now() + deps.spacingMs)
  let cape: WearResult['cape'] = null
  if (skin.capeHash) {
    const owned = profile.capes.find((c) => c.hash === skin.capeHash)
    if (!owned) cape = 'not_owned'
    else if (owned.active) cape = 'applied'
    else {
      // Showing a cape is not a skin change; a failure here leaves the new skin on and says so.
      profile = await deps.api.showCape(token, owned.id).catch(() => profile)
      cape = profile.capes.some((c) => c.id === owned.id && c.active) ? 'applied' : 'failed'
    }
  }
  await saveProfile(deps.sql, userId, profile, deps.now())
  await deps.sql.run('INSERT INTO wear_history (user_id, skin_uuid, skin_name, texture_hash, variant, profile_id, cape_id, worn_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    userId,
    skin.uuid,
    skin.name,
    skin.textureHash,
    skin.variant,
    row.profile_id,
    cape === 'applied' ? (profile.capes.find((c) => c.hash === skin.capeHash)?.id ?? null) : null,
    deps.now(),
  ])
  return { profile, cape }
}

/**
 * The `minecraft_links` rows: a user's own Minecraft account with its tokens sealed by the pool's
 * token key (../signing/pool/token-box.ts). The additional data of each sealed token names the user's
 * row, so a token copied into another user's row does not open. Saving a profile that another user
 * had linked moves the link: whoever signed in to Microsoft last controls the account.
 * @module
 */
import type { SignedInAccount } from '../signing/pool/pool-account-store'
import type { TokenBox } from '../signing/pool/token-box'
import type { SqlClient } from '../store/sql'
import type { LiveProfile, OwnedCape } from './profile-api'

/** A stored link. */
export interface LinkRow {
  user_id: string
  profile_id: string
  profile_name: string
  auth_flow: string
  refresh_token: string
  access_token: string
  token_expires_at: number
  skin_url: string | null
  skin_hash: string | null
  skin_variant: string | null
  capes: string
  needs_sign_in_at: number | null
  next_change_at: number
  linked_at: number
  read_at: number
}

/** The additional data of a link's sealed token. */
export const linkTokenContext = (userId: string, column: 'access' | 'refresh') => `minecraft_links:${userId}:${column}`

/** The user's link, or null. */
export const readLink = (sql: SqlClient, userId: string) => sql.get<LinkRow>('SELECT * FROM minecraft_links WHERE user_id = ?', [userId])

/** The owned capes as last read. */
export function storedCapes(row: Pick<LinkRow, 'capes'>): OwnedCape[] {
  try {
    const list = JSON.parse(row.capes) as OwnedCape[]
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

/** Stores a finished sign-in as `userId`'s link (replacing theirs, and taking the profile from any other user). */
export async function saveLink(sql: SqlClient, box: TokenBox, userId: string, a: SignedInAccount, now: number): Promise<void> {
  const p = a.session.profile
  const access = await box.seal(a.session.accessToken, linkTokenContext(userId, 'access'))
  const refresh = await box.seal(a.msa.refreshToken, linkTokenContext(userId, 'refresh'))
  await sql.batch([
    { sql: 'DELETE FROM minecraft_links WHERE profile_id = ? AND user_id <> ?', params: [p.id, userId] },
    {
      sql: `INSERT INTO minecraft_links (user_id, profile_id, profile_name, auth_flow, refresh_token, access_token, token_expires_at, skin_url, skin_hash, skin_variant, capes, needs_sign_in_at, next_change_at, linked_at, read_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, '[]', NULL, 0, ?, ?)
            ON CONFLICT(user_id) DO UPDATE SET profile_id = excluded.profile_id, profile_name = excluded.profile_name, auth_flow = excluded.auth_flow,
              refresh_token = excluded.refresh_token, access_token = excluded.access_token, token_expires_at = excluded.token_expires_at,
              skin_url = excluded.skin_url, skin_hash = NULL, skin_variant = excluded.skin_variant, capes = '[]', needs_sign_in_at = NULL,
              linked_at = CASE WHEN minecraft_links.profile_id = excluded.profile_id THEN minecraft_links.linked_at ELSE excluded.linked_at END,
              next_change_at = CASE WHEN minecraft_links.profile_id = excluded.profile_id THEN minecraft_links.next_change_at ELSE 0 END,
              read_at = excluded.read_at`,
      params: [userId, p.id, p.name, a.flow, refresh, access, a.session.expiresAt, p.skin?.url ?? null, p.skin?.variant ?? null, now, 0],
    },
  ])
}

/** Records what Mojang said the profile is now (name, skin, capes). */
export async function saveProfile(sql: SqlClient, userId: string, profile: LiveProfile, now: number): Promise<void> {
  await sql.run('UPDATE minecraft_links SET profile_name = ?, skin_url = ?, skin_hash = ?, skin_variant = ?, capes = ?, read_at = ? WHERE user_id = ? AND profile_id = ?', [
    profile.name,
    profile.skin?.url ?? null,
    profile.skin?.hash ?? null,
    profile.skin?.variant ?? null,
    JSON.stringify(profile.capes),
    now,
    userId,
    profile.id,
  ])
}

/** Deletes the link and so its sealed tokens; true when there was one. */
export async function deleteLink(sql: SqlClient, userId: string): Promise<boolean> {
  return (await sql.run('DELETE FROM minecraft_links WHERE user_id = ?', [userId])).changes > 0
}

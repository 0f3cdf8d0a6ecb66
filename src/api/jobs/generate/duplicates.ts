/**
 * Duplicate handling (reference/mineskin-api.md §2.3 DuplicateSource, `handleV2DuplicateResult`).
 * The dedupe key is texture hash + variant + cape hash. When the key is known:
 * - an existing skin with the same options (same visibility and name; for unlisted and private
 *   skins also the same creator) is returned as is (`image_hash`, or `user_uuid` for players);
 * - for texture URLs the options are ignored and a public skin, or one the caller created, is
 *   returned (`texture_url`): a texture URL is no uuid link, so it never leads a stranger to an
 *   unlisted skin (skins/services/skin-access.ts; anyone on a game server sees the URL);
 * - otherwise a new skin row is made on the existing data (`image_hash_data` /
 *   `texture_url_data`; `user_uuid` for players), so nothing is signed twice.
 * @module
 */
import { textureBanned } from '../../moderation/bans'
import type { SqlBatchResult, SqlClient, SqlStatement } from '../../store/sql'
import type { ImageOrigin } from './prepare-input'
import type { Creator, DuplicateSource } from './types'

interface Candidate {
  id: number
  uuid: string
  name: string | null
  visibility: 'public' | 'unlisted' | 'private'
  user_id: string | null
  api_key_id: string | null
  client_id: string | null
}

/**
 * The caller's pending-job count read inside the submit's lookup (./pending-cap.ts `pendingCountSql`),
 * and what to do with it (`refuseAtCap`).
 */
export interface PendingLookup {
  sql: string
  params: readonly (string | number)[]
  check: (n: number) => void
}

/**
 * Statements of the caller's that ride in the submit's lookup (the storage meter's first try of a single
 * upload: `StorageMeter.reserveAlong`), and where their results go, in order, once the batch ran.
 */
export interface Alongside {
  statements: readonly SqlStatement[]
  ran: (results: SqlBatchResult[]) => void
}

/** What the dedupe lookup decided. */
export type DuplicateDecision =
  | { type: 'none' }
  | { type: 'reuse'; skinUuid: string; source: DuplicateSource }
  | { type: 'new-on-data'; dataId: number; source: DuplicateSource }

/** Dedupe queries. */
export function createDuplicateFinder(sql: SqlClient) {
  const DATA_BY_KEY = 'SELECT id FROM skin_data WHERE texture_hash = ? AND variant = ? AND cape_hash = ?'
  // The submit's first look at a texture, with its ban (and, when asked, the caller's pending jobs) in the same round trip.
  const BAN_AND_DATA = `(SELECT 1 FROM banned_textures WHERE texture_hash = ?) AS banned,
     (SELECT id FROM skin_data WHERE texture_hash = ? AND variant = ? AND cape_hash = ?) AS id`
  // The first creator of each skin is its owner (services/skins/ownership.ts).
  const SKINS_ON_DATA = `SELECT s.id, s.uuid, s.name, s.visibility, c.user_id, c.api_key_id, c.client_id
     FROM skins s JOIN skin_clients c ON c.id = (SELECT min(id) FROM skin_clients WHERE skin_id = s.id)
     WHERE s.data_id = ? AND s.deleted_at IS NULL ORDER BY s.id ASC LIMIT 200`
  const createdBy = (c: Candidate, who: Pick<Creator, 'userId' | 'apiKeyId' | 'clientId'>) =>
    c.user_id ? c.user_id === who.userId : c.api_key_id ? c.api_key_id === who.apiKeyId : c.client_id !== null && c.client_id === who.clientId

  const banAndData = async (q: {
    textureHash: string
    variant: string
    capeHash: string
    pending?: PendingLookup
    alongside?: Alongside
  }): Promise<{ id: number } | null> => {
    const { pending, alongside } = q
    type Found = { pending?: number; banned: number | null; id: number | null }
    const lookup = {
      sql: `SELECT ${pending ? `(${pending.sql}) AS pending, ` : ''}${BAN_AND_DATA}`,
      params: [...(pending?.params ?? []), q.textureHash, q.textureHash, q.variant, q.capeHash],
    }
    let r: Found | null
    if (alongside?.statements.length) {
      const [found, ...theirs] = await sql.batch([lookup, ...alongside.statements])
      alongside.ran(theirs)
      r = (found?.rows[0] as Found | undefined) ?? null
    } else r = await sql.get<Found>(lookup.sql, lookup.params)
    pending?.check(r?.pending ?? 0)
    if (r?.banned) throw textureBanned()
    return r?.id != null ? { id: r.id } : null
  }

  return {
    /** Decides how to answer a generation of (textureHash, variant, capeHash). */
    async decide(q: {
      textureHash: string
      variant: 'classic' | 'slim'
      capeHash: string
      name: string | null
      visibility: 'public' | 'unlisted' | 'private'
      origin: ImageOrigin
      who: Pick<Creator, 'userId' | 'apiKeyId' | 'clientId'>
      /** Refuse a texture a moderator banned (403 `texture_banned`), read with the data row (a submit's first look). */
      refuseBanned?: boolean
      /**
       * With `refuseBanned`: the caller's pending-job count to read in the same query (./pending-cap.ts
       * `pendingCountSql`), and what to do with it (`refuseAtCap`), before the ban is looked at.
       */
      pending?: PendingLookup
      /** With `refuseBanned`: statements to run in the lookup's batch (one round trip for both), whose results go to `ran` before any check. */
      alongside?: Alongside
    }): Promise<DuplicateDecision> {
      const data = q.refuseBanned ? await banAndData(q) : await sql.get<{ id: number }>(DATA_BY_KEY, [q.textureHash, q.variant, q.capeHash])
      if (!data) return { type: 'none' }
      const candidates = await sql.all<Candidate>(SKINS_ON_DATA, [data.id])
      if (q.origin === 'texture') {
        const seen = candidates.find((c) => c.visibility === 'public') ?? candidates.find((c) => createdBy(c, q.who))
        return seen ? { type: 'reuse', skinUuid: seen.uuid, source: 'texture_url' } : { type: 'new-on-data', dataId: data.id, source: 'texture_url_data' }
      }
      const same = candidates.filter((c) => c.visibility === q.visibility && c.name === q.name && (q.visibility === 'public' || createdBy(c, q.who)))
      const pick = same.find((c) => createdBy(c, q.who)) ?? same[0]
      if (q.origin === 'user') {
        return pick ? { type: 'reuse', skinUuid: pick.uuid, source: 'user_uuid' } : { type: 'new-on-data', dataId: data.id, source: 'user_uuid' }
      }
      return pick ? { type: 'reuse', skinUuid: pick.uuid, source: 'image_hash' } : { type: 'new-on-data', dataId: data.id, source: 'image_hash_data' }
    },
  }
}

/** The duplicate finder type. */
export type DuplicateFinder = ReturnType<typeof createDuplicateFinder>

/**
 * The one place that stores a signed skin: deduplicated texture-data row (key =
 * texture hash + variant + cape hash, reference/mineskin-api.md §2.3), skin row, creator row and
 * the generation counters. Used by the queue worker, by duplicate handling (new skin on existing
 * data) and by the seeder, so demo skins go through exactly the same code.
 * @module
 */
import { newShortId, newSkinUuid } from '../../ids'
import type { Counters } from '../../services/stats/counters'
import { colourKey } from '../../image/colour-features'
import type { Creator, JobOptions } from './types'
import type { SignedTexture } from '../../signing/signer'
import type { SqlClient, SqlStatement } from '../../store/sql'

/** Signed texture data to store (from a signer, or from a player's own signed profile): the signer's shape. */
export type SignedData = SignedTexture

/** Input of {@link SkinWriter.insertNew}. */
export interface NewSkin {
  imageHash: string
  /** Colour histogram of the texture (src/api/image/colour-features.ts). */
  features: Uint8Array
  options: JobOptions
  signed: SignedData
  creator: Creator
  worker: string
  queueStart: number
  queueEnd: number
  now: number
  /**
   * Statements to run in the skin's own batch, after its rows, given the new skin's uuid and whether it
   * went on a data row stored meanwhile (the queue's job completion: one atomic write, one round trip).
   */
  after?: (skin: { uuid: string; dataExisted: boolean }) => SqlStatement[]
}

/** What the caller chose for a new skin row. */
export interface SkinRowOptions {
  name: string | null
  visibility: string
  /** The skin this one was made from (docs/api.md "Remixes"); only ever written here, when the row is created. */
  remixOf?: string | null
}

/** A row as the database gave it back (RETURNING *): column names as in SQL. */
export type WrittenRow = Record<string, unknown>

/** Result of storing a skin. */
export interface StoredSkin {
  skinRowId: number
  uuid: string
  /** The rows each `after` statement gave back (RETURNING), in order. */
  afterRows?: unknown[][]
  /**
   * The skin row as written, and its data row when this batch wrote it too: a new skin's whole record,
   * so the answer of its job's submit needs no read (src/api/jobs/generate/just-written.ts).
   */
  written: { skin: WrittenRow; data?: WrittenRow }
}


/** Short ids drawn for one skin before a run of collisions is thrown (each one has odds of skins / 2^32). */
const SHORT_ID_ATTEMPTS = 8

/** SQLite's message for a UNIQUE constraint on `column` (same text on bun:sqlite and D1). */
const uniqueViolation = (e: unknown, column: string) => e instanceof Error && e.message.includes('UNIQUE constraint failed') && e.message.includes(column)

/**
 * Writes skins. Each store is one atomic batch (D1 has no interactive transactions) and no read before
 * it: the batch's writes are guarded by the unique indexes (the data row's dedupe key, the short id), so
 * a concurrent writer or a short-id collision makes the batch fail whole, and it is tried again on the
 * existing data row or with a new short id.
 */
export function createSkinWriter(sql: SqlClient, counters: Counters) {
  const INSERT_DATA = `INSERT INTO skin_data (texture_hash, image_hash, variant, cape_hash, value, signature, texture_url, cape_url,
       account, server, worker, queue_start, queue_end, features, colour_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`
  const dataById = (id: number) => sql.get<{ texture_hash: string; variant: string; cape_hash: string }>('SELECT texture_hash, variant, cape_hash FROM skin_data WHERE id = ?', [id])
  // The skin row copies its data row's columns by the dedupe key, so it can follow the data insert in one batch.
  const INSERT_SKIN = `INSERT INTO skins (uuid, short_id, data_id, name, visibility, variant, status, texture_hash, colour_key, features, remix_of, created_at, updated_at)
     SELECT ?, ?, d.id, ?, ?, ?, 'success', d.texture_hash, d.colour_key, d.features, ?, ?, ?
     FROM skin_data d WHERE d.texture_hash = ? AND d.variant = ? AND d.cape_hash = ? RETURNING *`
  const INSERT_CREATOR = 'INSERT INTO skin_clients (skin_id, user_id, api_key_id, client_id, created_at) SELECT id, ?, ?, ?, ? FROM skins WHERE uuid = ?'

  /**
   * Stores the skin row and its creator on the data row with key (hash, variant, cape), plus
   * `before` (the data insert) and the counters, in one batch; retries on a short-id collision.
   */
  const addSkin = async (
    key: { hash: string; variant: string; cape: string },
    opts: SkinRowOptions,
    creator: Creator,
    now: number,
    before: SqlStatement[],
    outcome: 'new' | 'duplicate',
    after?: (uuid: string) => SqlStatement[],
  ): Promise<StoredSkin> => {
    for (let attempt = 0; ; attempt++) {
      const uuid = newSkinUuid()
      // 2^32 short ids: a collision is rare but possible at scale. The unique index finds it (the batch
      // fails whole) and the loop draws again, so no read asks first: that would cost every skin a round trip.
      const shortId = newShortId()
      try {
        const own = [
          ...before,
          { sql: INSERT_SKIN, params: [uuid, shortId, opts.name, opts.visibility, key.variant, opts.remixOf ?? null, now, now, key.hash, key.variant, key.cape] },
          { sql: INSERT_CREATOR, params: [creator.userId, creator.apiKeyId, creator.clientId, now, uuid] },
          ...counters.statements(outcome, now),
        ]
        const results = await sql.batch([...own, ...(after?.(uuid) ?? [])])
        const row = results[before.length]?.rows[0] as (WrittenRow & { id: number }) | undefined
        if (!row) throw new Error('skin insert returned no row')
        const data = before.length ? (results[0]?.rows[0] as WrittenRow | undefined) : undefined
        return { skinRowId: row.id, uuid, written: { skin: row, ...(data ? { data } : {}) }, ...(after ? { afterRows: results.slice(own.length).map((r) => r.rows) } : {}) }
      } catch (e) {
        if (attempt < SHORT_ID_ATTEMPTS && uniqueViolation(e, 'skins.short_id')) continue
        throw e
      }
    }
  }

  const writer = {
    /** Stores a newly signed skin; reuses the data row when the same texture was stored meanwhile. */
    async insertNew(s: NewSkin): Promise<StoredSkin & { dataExisted: boolean }> {
      const hist = s.features
      const capeHash = s.signed.capeHash ?? s.options.cape?.hash ?? ''
      const key = { hash: s.signed.textureHash, variant: s.options.variant, cape: capeHash }
      const opts = { name: s.options.name, visibility: s.options.visibility, remixOf: s.options.remixOf ?? null }
      const insertData: SqlStatement = {
        sql: INSERT_DATA,
        params: [
          s.signed.textureHash, s.imageHash, s.options.variant, capeHash, s.signed.value, s.signed.signature,
          s.signed.textureUrl, s.signed.capeUrl ?? null, s.signed.account, s.signed.server, s.worker,
          s.queueStart, s.queueEnd, hist, colourKey(hist), s.now,
        ],
      }
      // No read of the data row first: the generator's dedupe found none before signing, and the unique
      // index on the key catches a writer that stored the same texture since (the batch fails whole).
      try {
        return { ...(await addSkin(key, opts, s.creator, s.now, [insertData], 'new', s.after && ((uuid) => s.after!({ uuid, dataExisted: false })))), dataExisted: false }
      } catch (e) {
        // Another writer stored the same texture meanwhile: the skin goes on its row.
        if (!uniqueViolation(e, 'skin_data.')) throw e
      }
      return { ...(await addSkin(key, opts, s.creator, s.now, [], 'duplicate', s.after && ((uuid) => s.after!({ uuid, dataExisted: true })))), dataExisted: true }
    },
    /** Adds a new skin row on existing texture data (duplicate kinds `*_data`, `user_uuid`). */
    async insertOnData(dataId: number, opts: SkinRowOptions, creator: Creator, now: number): Promise<StoredSkin> {
      const data = await dataById(dataId)
      if (!data) throw new Error(`texture data ${dataId} missing`)
      return addSkin({ hash: data.texture_hash, variant: data.variant, cape: data.cape_hash }, opts, creator, now, [], 'duplicate')
    },
    /** Counts a duplicate answered with an existing skin. */
    async recordDuplicate(now: number): Promise<void> {
      await counters.record('duplicate', now)
    },
  }
  return writer
}

/** The skin writer type. */
export type SkinWriter = ReturnType<typeof createSkinWriter>

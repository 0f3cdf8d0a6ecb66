/**
 * The one place that stores a signed skin: texture blob, deduplicated texture-data row (key =
 * texture hash + variant + cape hash, reference/mineskin-api.md §2.3), skin row, creator row and
 * the generation counters. Used by the queue worker, by duplicate handling (new skin on existing
 * data) and by the seeder, so demo skins go through exactly the same code.
 * @module
 */
import type { Database } from 'bun:sqlite'
import { textureKey, type BlobStore } from '../../blob/blob-store'
import { newShortId, newSkinUuid } from '../../ids'
import type { Counters } from '../stats/counters'
import { colourKey } from '../colour-features'
import type { Creator, JobOptions } from './types'
import type { SignedTexture } from '../../signer'

/** Signed texture data to store (from a signer, or from a player's own signed profile): the signer's shape. */
export type SignedData = SignedTexture

/** Input of {@link SkinWriter.insertNew}. */
export interface NewSkin {
  imageHash: string
  /** Colour histogram of the texture (services/colour-features). */
  features: Uint8Array
  options: JobOptions
  signed: SignedData
  creator: Creator
  worker: string
  queueStart: number
  queueEnd: number
  now: number
}

/** Result of storing a skin. */
export interface StoredSkin {
  skinRowId: number
  uuid: string
}

/** The texture-data columns a skin row copies. */
interface DataRow {
  id: number
  texture_hash: string
  colour_key: number
  features: Uint8Array
}

/** Prepared statements that write skins. Every method is synchronous: call inside a transaction. */
export function createSkinWriter(sqlite: Database, counters: Counters) {
  const insertData = sqlite.query(
    `INSERT INTO skin_data (texture_hash, image_hash, variant, cape_hash, value, signature, texture_url, cape_url,
       account, server, worker, queue_start, queue_end, features, colour_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(texture_hash, variant, cape_hash) DO NOTHING`,
  )
  const dataByKey = sqlite.query<DataRow, [string, string, string]>(
    'SELECT id, texture_hash, colour_key, features FROM skin_data WHERE texture_hash = ? AND variant = ? AND cape_hash = ?',
  )
  const dataById = sqlite.query<DataRow & { variant: string }, [number]>(
    'SELECT id, texture_hash, colour_key, features, variant FROM skin_data WHERE id = ?',
  )
  const insertSkin = sqlite.query<{ id: number }, [string, string, number, string | null, string, string, string, number, Uint8Array, number, number]>(
    `INSERT INTO skins (uuid, short_id, data_id, name, visibility, variant, status, texture_hash, colour_key, features, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'success', ?, ?, ?, ?, ?) RETURNING id`,
  )
  const shortIdTaken = sqlite.query<{ one: number }, [string]>('SELECT 1 AS one FROM skins WHERE short_id = ?')
  const insertCreator = sqlite.query(
    'INSERT INTO skin_clients (skin_id, user_id, api_key_id, client_id, created_at) VALUES (?, ?, ?, ?, ?)',
  )

  const addSkin = (
    data: DataRow,
    opts: { name: string | null; visibility: string; variant: string },
    creator: Creator,
    now: number,
  ): StoredSkin => {
    const uuid = newSkinUuid()
    let shortId = newShortId()
    // 2^32 short ids: collisions are rare but possible at scale, so retry instead of failing.
    while (shortIdTaken.get(shortId)) shortId = newShortId()
    const row = insertSkin.get(uuid, shortId, data.id, opts.name, opts.visibility, opts.variant, data.texture_hash, data.colour_key, data.features, now, now)
    if (!row) throw new Error('skin insert returned no row')
    insertCreator.run(row.id, creator.userId, creator.apiKeyId, creator.clientId, now)
    return { skinRowId: row.id, uuid }
  }

  return {
    /** Stores a newly signed skin; reuses the data row when the same texture was stored meanwhile. */
    insertNew(s: NewSkin): StoredSkin & { dataExisted: boolean } {
      const hist = s.features
      const capeHash = s.signed.capeHash ?? s.options.cape?.hash ?? ''
      const r = insertData.run(
        s.signed.textureHash, s.imageHash, s.options.variant, capeHash, s.signed.value, s.signed.signature,
        s.signed.textureUrl, s.signed.capeUrl ?? null, s.signed.account, s.signed.server, s.worker,
        s.queueStart, s.queueEnd, hist, colourKey(hist), s.now,
      )
      const data = dataByKey.get(s.signed.textureHash, s.options.variant, capeHash)
      if (!data) throw new Error('texture data row missing after insert')
      const stored = addSkin(data, s.options, s.creator, s.now)
      counters.record(r.changes === 1 ? 'new' : 'duplicate', s.now)
      return { ...stored, dataExisted: r.changes !== 1 }
    },
    /** Adds a new skin row on existing texture data (duplicate kinds `*_data`, `user_uuid`). */
    insertOnData(dataId: number, opts: { name: string | null; visibility: string }, creator: Creator, now: number): StoredSkin {
      const data = dataById.get(dataId)
      if (!data) throw new Error(`texture data ${dataId} missing`)
      const stored = addSkin(data, { ...opts, variant: data.variant }, creator, now)
      counters.record('duplicate', now)
      return stored
    },
    /** Counts a duplicate answered with an existing skin. */
    recordDuplicate(now: number): void {
      counters.record('duplicate', now)
    },
  }
}

/** The skin writer type. */
export type SkinWriter = ReturnType<typeof createSkinWriter>

/** Stores the re-encoded texture PNG so `/textures/{hash}` serves it (content-addressed, idempotent). */
export async function storeTexture(blobs: BlobStore, textureHash: string, png: Uint8Array): Promise<void> {
  await blobs.put(textureKey(textureHash), png, 'image/png')
}

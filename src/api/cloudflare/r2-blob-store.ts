/**
 * Blobs (texture PNGs, and originals of older versions) on R2, behind the same BlobStore
 * interface as the SQLite default (src/api/blob/blob-store.ts). Keys are content hashes, so the first
 * bytes written under a key are the ones kept: puts are conditional (`If-None-Match: *` as
 * `onlyIf.etagDoesNotMatch`), which R2 checks atomically, so two concurrent first writes cannot
 * overwrite each other. The content type travels as `httpMetadata.contentType`.
 * @module
 */
import type { R2Bucket } from '@cloudflare/workers-types'
import type { BlobStore } from '../blob/blob-store'

/** The key prefixes of src/api/blob/blob-store.ts (`textureKey`, `imageKey`). */
const BLOB_SPACES = ['textures/', 'images/'] as const

/** Options of {@link r2BlobStore}. */
export interface R2BlobStoreOptions {
  /** Prefix before every key (e.g. `api/`), to share a bucket; default none. */
  prefix?: string
}

/** A BlobStore over `bucket`. */
export function r2BlobStore(bucket: R2Bucket, opts: R2BlobStoreOptions = {}): BlobStore {
  const prefix = opts.prefix ?? ''
  return {
    async put(key, bytes, contentType) {
      // One conditional put, no head first: a texture reaches here only when no skin has it yet (the
      // generator dedupes before storing), so the key is nearly always new, and a head would cost every
      // new texture a second R2 call to spare the rare repeat a few KiB. A failed condition answers
      // null: another writer stored the key first, and only its put counts as new.
      return (await bucket.put(prefix + key, bytes, { httpMetadata: { contentType }, onlyIf: { etagDoesNotMatch: '*' } })) !== null
    },
    async get(key) {
      const object = await bucket.get(prefix + key)
      if (!object) return null
      return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? 'application/octet-stream' }
    },
    async has(key) {
      return (await bucket.head(prefix + key)) !== null
    },
    async usage() {
      // Only our key spaces count, so a bucket shared with other data does not fill the budget. Read
      // once, when the storage meter has no total yet: one list call per 1000
      // objects, so a bucket past ~1 M blobs needs the total set by hand (README "Storage budget").
      let bytes = 0
      for (const space of BLOB_SPACES) {
        let cursor: string | undefined
        do {
          const page = await bucket.list({ prefix: prefix + space, limit: 1000, ...(cursor ? { cursor } : {}) })
          for (const object of page.objects) bytes += object.size
          cursor = page.truncated ? page.cursor : undefined
        } while (cursor)
      }
      return bytes
    },
  }
}

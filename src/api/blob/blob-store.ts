/**
 * Blob store interface for uploaded originals (`images/<hash>`) and re-encoded textures
 * (`textures/<hash>`). The default implementation keeps blobs in SQLite; another backend
 * (e.g. R2 on Workers) implements the same three methods.
 * @module
 */

/** A stored blob. */
export interface StoredBlob {
  bytes: Uint8Array<ArrayBuffer>
  contentType: string
}

/** Content-addressed byte storage. */
export interface BlobStore {
  /** Stores bytes under `key`; writing an existing key keeps the first bytes (keys are content hashes). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** Returns the blob or null. */
  get(key: string): Promise<StoredBlob | null>
  /** True when `key` is stored. */
  has(key: string): Promise<boolean>
}

/** Blob key of an uploaded original image by texture hash (served at `/v2/images/{hash}`). */
export const imageKey = (hash: string): string => `images/${hash}`
/** Blob key of a re-encoded texture by texture hash (served at `/textures/{hash}`). */
export const textureKey = (hash: string): string => `textures/${hash}`

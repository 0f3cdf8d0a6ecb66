/**
 * Blob store interface for skin PNGs. Storage is content-addressed with one copy per PNG:
 * a texture's clean re-encode is stored once, under `textures/<hash>` (its own SHA-256),
 * and both `/textures/{hash}` and `/v2/images/{hash}` serve that copy. `images/<hash>` keys exist only
 * in databases written before: the uploader's original as sent (not re-encoded), or the second copy of
 * the texture that migration 0009 removes. The default implementation keeps blobs in SQLite; another
 * backend (e.g. R2 on Workers) implements the same methods.
 * @module
 */

/** A stored blob. */
export interface StoredBlob {
  bytes: Uint8Array<ArrayBuffer>
  contentType: string
}

/** Content-addressed byte storage. */
export interface BlobStore {
  /**
   * Stores bytes under `key`; writing an existing key keeps the first bytes (keys are content hashes).
   * True when this call stored them, false when the key was already there: the storage meter counts
   * only what is really new, and a lost race of two first writes counts once.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<boolean>
  /** Returns the blob or null. */
  get(key: string): Promise<StoredBlob | null>
  /** True when `key` is stored. */
  has(key: string): Promise<boolean>
  /** Bytes of every stored blob, summed; read once to start the storage meter's running total. */
  usage(): Promise<number>
}

/** Blob key of an original stored by older versions (`/v2/images/{hash}` falls back to it). */
export const imageKey = (hash: string): string => `images/${hash}`
/** Blob key of a texture PNG by texture hash: the one stored copy, served at `/textures/{hash}` and `/v2/images/{hash}`. */
export const textureKey = (hash: string): string => `textures/${hash}`

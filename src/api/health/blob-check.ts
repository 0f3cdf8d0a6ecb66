/**
 * The blob store answers: a look-up of a key no blob has (SQLite blobs: one indexed read; R2: a
 * `head`). That the key is missing is the expected answer; an exception is a failed check.
 * @module
 */
import type { BlobStore } from '../blob/blob-store'
import { OK, type Check } from './check'

/** A key under no prefix the API stores. */
export const PROBE_BLOB_KEY = 'readiness/probe'

/** Asks the store for the probe key (rejects with the store's error). */
export async function checkBlobs(blobs: Pick<BlobStore, 'has'>): Promise<Check> {
  await blobs.has(PROBE_BLOB_KEY)
  return OK
}

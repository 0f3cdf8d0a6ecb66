/**
 * What `/v2/images/{hash}` serves (docs/operations.md "Uploaded images are stored clean"). An
 * accepted upload is stored as its Mojang re-encode, whose SHA-256 is the texture hash it is stored
 * under. Rows written by older versions may hold the uploader's bytes (ancillary chunks, data after
 * IEND): those are re-encoded from their pixels when served. Cleaning on read rather than by a
 * migration keeps it to one SHA-256 per request for clean blobs and works for every blob backend
 * (SQLite, R2), with nothing to run first.
 * @module
 */
import { readSkinImage } from './read-skin-image'
import { sha256Hex } from './texture-hash'

/** The clean PNG for a stored original under `textureHash`: the bytes themselves when already clean, else their re-encode. */
export async function cleanOriginal(bytes: Uint8Array<ArrayBuffer>, textureHash: string): Promise<Uint8Array<ArrayBuffer>> {
  if ((await sha256Hex(bytes)) === textureHash) return bytes
  return (await readSkinImage(bytes)).png
}

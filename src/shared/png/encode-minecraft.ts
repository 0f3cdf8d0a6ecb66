/**
 * The PNG encoding Minecraft's texture service uses, so its SHA-256 is the texture hash
 * (reference skins-and-peers.md §2.4, mineskin-api.md §2.3; MineSkin/mineskin-hash-rust `src/lib.rs`):
 * RGBA8, no interlace, filter type 0 on every row, zlib level 4, chunks IHDR + IDAT + IEND only.
 * Byte-exact zlib output matters: pako 2.x level 4 matches Mojang, pako 3 / node:zlib / fflate do not.
 * It is also the clean form of an uploaded original (docs/operations.md "Uploaded images are stored
 * clean"): nothing but the pixels survives.
 * @module
 */
import { deflate } from 'pako'
import { concatBytes, pngChunk } from './chunks'
import { ihdrData } from './ihdr-data'
import { PNG_SIGNATURE } from './signature'

/** Encodes `width*height*4` RGBA8 bytes exactly as Mojang stores a skin texture. */
export function encodeMinecraftPng(rgba: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  const stride = width * 4
  const raw = new Uint8Array(height * (stride + 1))
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  return concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdrData(width, height, 8, 6)), pngChunk('IDAT', deflate(raw, { level: 4 })), pngChunk('IEND'))
}

/**
 * The PNG encoding Minecraft's texture service uses, so its SHA-256 is the texture hash
 * (reference skins-and-peers.md §2.4, mineskin-api.md §2.3; MineSkin/mineskin-hash-rust `src/lib.rs`):
 * RGBA8, no interlace, filter type 0 on every row, zlib level 4, chunks IHDR + IDAT + IEND only.
 * Byte-exact zlib output matters: pako 2.x level 4 matches Mojang, pako 3 / node:zlib / fflate do not.
 * @module
 */
import { deflate } from 'pako'
import { crc32 } from '../../render/crc32'
import { PNG_SIGNATURE } from './png-chunks'

function writeU32(b: Uint8Array, at: number, v: number): void {
  b[at] = v >>> 24
  b[at + 1] = v >>> 16
  b[at + 2] = v >>> 8
  b[at + 3] = v
}

/** Serialises one chunk: length, type, data, CRC over type + data (PNG spec §5.3). */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  writeU32(out, 0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  writeU32(out, 8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/** Encodes `width*height*4` RGBA8 bytes exactly as Mojang stores a skin texture. */
export function encodeMinecraftPng(rgba: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  const stride = width * 4
  const raw = new Uint8Array(height * (stride + 1))
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  const ihdr = new Uint8Array(13)
  writeU32(ihdr, 0, width)
  writeU32(ihdr, 4, height)
  ihdr.set([8, 6, 0, 0, 0], 8)
  const parts = [PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflate(raw, { level: 4 })), chunk('IEND', new Uint8Array(0))]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

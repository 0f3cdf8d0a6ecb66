/**
 * Decoded PNG samples → straight RGBA8: the 8-bit fast path's colour types, and fast-png's
 * output for the rest (16-bit, 1/2/4-bit, interlaced), applying PLTE and tRNS.
 * @module
 */
import type { DecodedPng } from 'fast-png'
import { RenderError } from './errors'

const invalid = (message: string): RenderError => new RenderError('invalid_image', message)

/** 8-bit samples of any colour type → RGBA8, applying PLTE and tRNS (PNG spec §11.2.3, §11.3.2.1). */
export function expand8(px: Uint8Array, n: number, colorType: number, plte: Uint8Array | null, trns: Uint8Array | null): Uint8Array {
  if (colorType === 6) return px
  const out = new Uint8Array(n * 4)
  for (let i = 0; i < n; i++) {
    const o = i * 4
    switch (colorType) {
      case 0: {
        const g = px[i] ?? 0
        out[o] = g
        out[o + 1] = g
        out[o + 2] = g
        out[o + 3] = trns && trns.length >= 2 && (trns[1] ?? 0) === g && trns[0] === 0 ? 0 : 255
        break
      }
      case 2: {
        const r = px[i * 3] ?? 0
        const g = px[i * 3 + 1] ?? 0
        const b = px[i * 3 + 2] ?? 0
        out[o] = r
        out[o + 1] = g
        out[o + 2] = b
        const key = trns && trns.length >= 6 && trns[0] === 0 && trns[2] === 0 && trns[4] === 0
        out[o + 3] = key && trns[1] === r && trns[3] === g && trns[5] === b ? 0 : 255
        break
      }
      case 3: {
        const index = px[i] ?? 0
        if (!plte || index * 3 + 2 >= plte.length) throw invalid('The PNG uses a colour index outside its palette')
        out[o] = plte[index * 3] ?? 0
        out[o + 1] = plte[index * 3 + 1] ?? 0
        out[o + 2] = plte[index * 3 + 2] ?? 0
        out[o + 3] = trns && index < trns.length ? (trns[index] ?? 255) : 255
        break
      }
      case 4: {
        const g = px[i * 2] ?? 0
        out[o] = g
        out[o + 1] = g
        out[o + 2] = g
        out[o + 3] = px[i * 2 + 1] ?? 0
        break
      }
    }
  }
  return out
}

/** fast-png's output (16-bit, 1/2/4-bit, interlaced images) → RGBA8. */
export function toRgba8(png: DecodedPng): Uint8Array {
  const n = png.width * png.height
  const out = new Uint8Array(n * 4)
  if (png.palette) return expandIndexed(png, out)
  const { channels, depth, data } = png
  if (depth < 8) return expandLowBitGrey(png, out)
  // 16-bit samples keep their high byte (PNG spec §13.12 allows any monotonic reduction).
  const shift = depth === 16 ? 8 : 0
  const key = png.transparency
  for (let i = 0; i < n; i++) {
    const s = i * channels
    const o = i * 4
    const a = data[s] ?? 0
    if (channels >= 3) {
      out[o] = a >> shift
      out[o + 1] = (data[s + 1] ?? 0) >> shift
      out[o + 2] = (data[s + 2] ?? 0) >> shift
      out[o + 3] = channels === 4 ? (data[s + 3] ?? 0) >> shift : 255
      // tRNS on truecolour names one fully transparent colour (PNG spec §11.3.2.1).
      if (channels === 3 && key && key.length === 3 && a === key[0] && data[s + 1] === key[1] && data[s + 2] === key[2]) {
        out[o + 3] = 0
      }
    } else {
      const g = a >> shift
      out[o] = g
      out[o + 1] = g
      out[o + 2] = g
      out[o + 3] = channels === 2 ? (data[s + 1] ?? 0) >> shift : 255
      if (channels === 1 && key && key.length === 1 && a === key[0]) out[o + 3] = 0
    }
  }
  return out
}

/** Reads `depth`-bit samples packed MSB-first, rows padded to whole bytes (PNG spec §7.2). */
function sampleAt(data: ArrayLike<number>, rowBytes: number, depth: number, x: number, y: number): number {
  const bit = x * depth
  const byte = data[y * rowBytes + (bit >> 3)] ?? 0
  return (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
}

function expandIndexed(png: DecodedPng, out: Uint8Array): Uint8Array {
  const palette = png.palette ?? []
  const rowBytes = Math.ceil((png.width * png.depth) / 8)
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const entry = palette[sampleAt(png.data, rowBytes, png.depth, x, y)]
      if (!entry) throw invalid('The PNG uses a colour index outside its palette')
      const o = (y * png.width + x) * 4
      out[o] = entry[0] ?? 0
      out[o + 1] = entry[1] ?? 0
      out[o + 2] = entry[2] ?? 0
      out[o + 3] = entry[3] ?? 255
    }
  }
  return out
}

function expandLowBitGrey(png: DecodedPng, out: Uint8Array): Uint8Array {
  const rowBytes = Math.ceil((png.width * png.depth) / 8)
  const max = (1 << png.depth) - 1
  const key = png.transparency?.[0]
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const s = sampleAt(png.data, rowBytes, png.depth, x, y)
      const g = Math.round((s * 255) / max)
      const o = (y * png.width + x) * 4
      out[o] = g
      out[o + 1] = g
      out[o + 2] = g
      out[o + 3] = key === s ? 0 : 255
    }
  }
  return out
}

/**
 * A small, fast zlib encoder made for renders (RFC 1950 wrapper around one RFC 1951 deflate
 * block with the fixed Huffman codes, §3.2.6). It only looks for repeats at two distances —
 * one pixel back and one scanline back — which is where a nearest-neighbour render repeats
 * itself: runs of a texel's colour along a row, and rows repeated `scale` times. No hash chains
 * and no Huffman tables to build, so it is about twice as fast as pako here, with output of
 * about the same size on renders (measured in test/bench/render.bench.ts and the tests).
 * The only other zlib writer is pako's deflate in encode-mojang.ts, which the texture hash needs
 * byte for byte; everything decodes through pako's inflate (inflate.ts).
 * @module
 */

const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
  16385, 24577,
]
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
/** Longest match and farthest distance deflate allows (RFC 1951 §3.2.5). */
const MAX_MATCH = 258
const MAX_DISTANCE = 32768
const END_OF_BLOCK = 256

/** Huffman codes are sent most significant bit first into an LSB-first stream (RFC 1951 §3.1.1). */
function reverseBits(code: number, length: number): number {
  let r = 0
  for (let i = 0; i < length; i++) {
    r = (r << 1) | (code & 1)
    code >>= 1
  }
  return r
}

/** Fixed literal/length codes (RFC 1951 §3.2.6), bit-reversed, and their lengths. */
const LIT_BITS = new Int32Array(288)
const LIT_LEN = new Int32Array(288)
for (let v = 0; v < 288; v++) {
  const [code, length] = v < 144 ? [0x30 + v, 8] : v < 256 ? [0x190 + v - 144, 9] : v < 280 ? [v - 256, 7] : [0xc0 + v - 280, 8]
  LIT_BITS[v] = reverseBits(code, length)
  LIT_LEN[v] = length
}

/** For each match length 3…258: its length code followed by its extra bits, as one bit string. */
const MATCH_BITS = new Int32Array(MAX_MATCH + 1)
const MATCH_LEN = new Int32Array(MAX_MATCH + 1)
for (let c = 0; c < LEN_BASE.length; c++) {
  const base = LEN_BASE[c] as number
  const last = c === LEN_BASE.length - 1 ? MAX_MATCH : (LEN_BASE[c + 1] as number) - 1
  const symbol = 257 + c
  // Code 284 covers 227…257: 258 has its own code, 285.
  for (let length = base; length <= last; length++) {
    MATCH_BITS[length] = (LIT_BITS[symbol] as number) | ((length - base) << (LIT_LEN[symbol] as number))
    MATCH_LEN[length] = (LIT_LEN[symbol] as number) + (LEN_EXTRA[c] as number)
  }
}

/** A distance's 5-bit fixed code followed by its extra bits. */
function distanceBits(distance: number): [bits: number, length: number] {
  let c = 0
  while (c < DIST_BASE.length - 1 && (DIST_BASE[c + 1] as number) <= distance) c++
  return [reverseBits(c, 5) | ((distance - (DIST_BASE[c] as number)) << 5), 5 + (DIST_EXTRA[c] as number)]
}

/** Adler-32 of `data` (RFC 1950 §8.2), summed in blocks of 5552 so the sums stay below 2³². */
export function adler32(data: Uint8Array): number {
  let a = 1
  let b = 0
  for (let p = 0; p < data.length; ) {
    const end = Math.min(data.length, p + 5552)
    for (; p < end; p++) {
      a += data[p] as number
      b += a
    }
    a %= 65521
    b %= 65521
  }
  return ((b << 16) | a) >>> 0
}

/**
 * Compresses `data` into a zlib stream, matching repeats `near` bytes back (a pixel) and `far`
 * bytes back (a scanline), greedily, longest first. Any data compresses correctly; data that
 * does not repeat at those distances just comes out as literals (≤ 9/8 of its size).
 */
export function zlibRuns(data: Uint8Array, near: number, far: number): Uint8Array {
  const n = data.length
  const out = new Uint8Array(n + (n >> 3) + 16)
  // CMF 0x78 (deflate, 32K window), FLG 0x01: (0x78 << 8 | 0x01) is a multiple of 31 (RFC 1950 §2.2).
  out[0] = 0x78
  out[1] = 0x01
  let o = 2
  // One final block (BFINAL = 1) with fixed codes (BTYPE = 01): bits 1, 1, 0 LSB first.
  let bitBuf = 3
  let bitCount = 3
  const useNear = near > 0 && near <= MAX_DISTANCE
  const useFar = far > 0 && far <= MAX_DISTANCE
  const [nearBits, nearLen] = distanceBits(useNear ? near : 1)
  const [farBits, farLen] = distanceBits(useFar ? far : 1)
  let i = 0
  while (i < n) {
    const max = n - i < MAX_MATCH ? n - i : MAX_MATCH
    let nearMatch = 0
    let farMatch = 0
    if (useNear && i >= near) while (nearMatch < max && data[i + nearMatch] === data[i + nearMatch - near]) nearMatch++
    if (useFar && i >= far && nearMatch < max) while (farMatch < max && data[i + farMatch] === data[i + farMatch - far]) farMatch++
    let bits: number
    let length: number
    let step: number
    if (nearMatch >= 3 || farMatch >= 3) {
      const viaNear = nearMatch >= farMatch
      step = viaNear ? nearMatch : farMatch
      bitBuf |= (MATCH_BITS[step] as number) << bitCount
      bitCount += MATCH_LEN[step] as number
      while (bitCount >= 8) {
        out[o++] = bitBuf
        bitBuf >>>= 8
        bitCount -= 8
      }
      bits = viaNear ? nearBits : farBits
      length = viaNear ? nearLen : farLen
    } else {
      const literal = data[i] as number
      bits = LIT_BITS[literal] as number
      length = LIT_LEN[literal] as number
      step = 1
    }
    bitBuf |= bits << bitCount
    bitCount += length
    while (bitCount >= 8) {
      out[o++] = bitBuf
      bitBuf >>>= 8
      bitCount -= 8
    }
    i += step
  }
  bitBuf |= (LIT_BITS[END_OF_BLOCK] as number) << bitCount
  bitCount += LIT_LEN[END_OF_BLOCK] as number
  while (bitCount > 0) {
    out[o++] = bitBuf
    bitBuf >>>= 8
    bitCount -= 8
  }
  const check = adler32(data)
  out[o++] = check >>> 24
  out[o++] = (check >>> 16) & 0xff
  out[o++] = (check >>> 8) & 0xff
  out[o++] = check & 0xff
  return out.subarray(0, o)
}

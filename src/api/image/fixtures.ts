/**
 * Test fixtures built in code so they can be reviewed: deterministic skins, valid but unusual PNGs
 * (every colour type, 16-bit, sub-byte depths, tRNS, Adam7) with the RGBA8 each must normalise to,
 * and a corpus of bad files with the reason each must be refused for.
 * @module
 */
import { deflate } from 'pako'
import { concatBytes, encodeMinecraftPng, ihdrData, PNG_SIGNATURE, pngChunk, readChunk } from '../../shared/png'
import { encodeTestPng, type TestPngSpec } from '../../shared/png/testing/encode-test-png'
import { mulberry32 as seededRandom } from '../seed/prng'

/** A deterministic 64x`height` RGBA8 skin; `slim` leaves the x 54..55, y 20..31 strip transparent (reference §2.2). */
export function makeSkinRgba(seed: number, opts: { slim?: boolean; height?: 64 | 32 } = {}): Uint8Array<ArrayBuffer> {
  const height = opts.height ?? 64
  const rnd = seededRandom(seed)
  const rgba = new Uint8Array(64 * height * 4)
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = rnd() * 256
    rgba[i + 1] = rnd() * 256
    rgba[i + 2] = rnd() * 256
    rgba[i + 3] = 255
  }
  if (opts.slim && height === 64) {
    for (let y = 20; y <= 31; y++) for (let x = 54; x <= 55; x++) rgba[(y * 64 + x) * 4 + 3] = 0
  }
  return rgba
}

/** A deterministic valid skin PNG (Mojang encoding). */
export function makeSkinPng(seed: number, opts: { slim?: boolean; height?: 64 | 32 } = {}): Uint8Array<ArrayBuffer> {
  return encodeMinecraftPng(makeSkinRgba(seed, opts), 64, opts.height ?? 64)
}

/** A valid PNG that is not plain RGBA8, with the pixels it must decode to. */
export interface UnusualPng {
  name: string
  bytes: Uint8Array<ArrayBuffer>
  width: 64
  height: 64 | 32
  expected: Uint8Array<ArrayBuffer>
}

type Rgba = readonly [number, number, number, number]

/** Encodes `spec` and computes the expected RGBA8 from `pixel`. */
function unusual(name: string, spec: TestPngSpec, pixel: (x: number, y: number) => Rgba): UnusualPng {
  const expected = new Uint8Array(spec.width * spec.height * 4)
  for (let y = 0; y < spec.height; y++) for (let x = 0; x < spec.width; x++) expected.set(pixel(x, y), (y * spec.width + x) * 4)
  return { name, bytes: encodeTestPng(spec), width: 64, height: spec.height as 64 | 32, expected }
}

/** A palette of `n` colours, entry i = a spread of hues. */
const paletteOf = (n: number): [number, number, number][] =>
  Array.from({ length: n }, (_, i) => [(i * 37) & 255, (i * 91 + 17) & 255, (255 - i * 53) & 255])

/** Valid but unusual PNGs (palette, 16-bit, grey, grey+alpha, RGB, tRNS, Adam7, ancillary chunks, split IDAT). */
export function unusualValidPngs(): UnusualPng[] {
  const idx = (x: number, y: number, n: number) => (x * 7 + y * 13 + ((x * y) >> 3)) % n
  const pal256 = paletteOf(256)
  const alpha256 = Uint8Array.from({ length: 256 }, (_, i) => (i * 29) & 255)
  const pal16 = paletteOf(16)
  const pal4 = paletteOf(4)
  const pal2 = paletteOf(2)
  const alpha4 = Uint8Array.of(0, 128, 255)
  const grey = (x: number, y: number) => (x * 4 + y * 3) & 255
  const rgb = (x: number, y: number): [number, number, number] => [(x * 4) & 255, (y * 4) & 255, (x * y) & 255]
  const rgbaPx = (x: number, y: number): Rgba => [...rgb(x, y), (x * 3 + y * 5) & 255]
  const base = { width: 64, height: 64, filters: 'cycle' } as const
  const rgbKey = [8, 12, 32] as const
  const g16 = (x: number, y: number) => (grey(x, y) << 8) | ((x * 31 + y) & 255)
  const g16Key = g16(10, 10)
  const textChunk = new TextEncoder().encode('Comment\0hidden payload that must not survive')
  return [
    unusual('palette 8-bit with tRNS', { ...base, colorType: 3, bitDepth: 8, palette: pal256, transparency: alpha256, sample: (x, y) => [idx(x, y, 256)] },
      (x, y) => { const i = idx(x, y, 256); return [...pal256[i]!, alpha256[i]!] }),
    unusual('palette 4-bit', { ...base, colorType: 3, bitDepth: 4, palette: pal16, sample: (x, y) => [idx(x, y, 16)] },
      (x, y) => [...pal16[idx(x, y, 16)]!, 255]),
    unusual('palette 2-bit interlaced with short tRNS', { ...base, interlace: true, colorType: 3, bitDepth: 2, palette: pal4, transparency: alpha4, sample: (x, y) => [idx(x, y, 4)] },
      (x, y) => { const i = idx(x, y, 4); return [...pal4[i]!, alpha4[i] ?? 255] }),
    unusual('palette 1-bit interlaced 64x32', { ...base, height: 32, interlace: true, colorType: 3, bitDepth: 1, palette: pal2, sample: (x, y) => [(x + y) & 1] },
      (x, y) => [...pal2[(x + y) & 1]!, 255]),
    unusual('grey 8-bit', { ...base, colorType: 0, bitDepth: 8, sample: (x, y) => [grey(x, y)] },
      (x, y) => [grey(x, y), grey(x, y), grey(x, y), 255]),
    unusual('grey 2-bit', { ...base, colorType: 0, bitDepth: 2, sample: (x, y) => [(x + y) & 3] },
      (x, y) => { const g = ((x + y) & 3) * 85; return [g, g, g, 255] }),
    unusual('grey 4-bit interlaced 64x32', { ...base, height: 32, interlace: true, colorType: 0, bitDepth: 4, sample: (x, y) => [(x ^ y) & 15] },
      (x, y) => { const g = ((x ^ y) & 15) * 17; return [g, g, g, 255] }),
    unusual('grey 16-bit with tRNS key', { ...base, colorType: 0, bitDepth: 16, transparency: Uint8Array.of(g16Key >> 8, g16Key & 255), sample: (x, y) => [g16(x, y)] },
      (x, y) => [grey(x, y), grey(x, y), grey(x, y), g16(x, y) === g16Key ? 0 : 255]),
    unusual('grey+alpha 8-bit', { ...base, colorType: 4, bitDepth: 8, sample: (x, y) => [grey(x, y), (x * 4) & 255] },
      (x, y) => [grey(x, y), grey(x, y), grey(x, y), (x * 4) & 255]),
    unusual('grey+alpha 16-bit', { ...base, colorType: 4, bitDepth: 16, sample: (x, y) => [g16(x, y), ((y * 4) << 8) | 0xab] },
      (x, y) => [grey(x, y), grey(x, y), grey(x, y), (y * 4) & 255]),
    unusual('RGB 8-bit without alpha', { ...base, colorType: 2, bitDepth: 8, sample: rgb },
      (x, y) => [...rgb(x, y), 255]),
    unusual('RGB 8-bit with tRNS key', { ...base, colorType: 2, bitDepth: 8, transparency: Uint8Array.of(0, rgbKey[0], 0, rgbKey[1], 0, rgbKey[2]), sample: rgb },
      (x, y) => { const c = rgb(x, y); return [...c, c.every((v, i) => v === rgbKey[i]) ? 0 : 255] }),
    unusual('RGB 16-bit', { ...base, colorType: 2, bitDepth: 16, sample: (x, y) => rgb(x, y).map((v) => v * 257) },
      (x, y) => [...rgb(x, y), 255]),
    unusual('RGBA 16-bit', { ...base, colorType: 6, bitDepth: 16, sample: (x, y) => rgbaPx(x, y).map((v) => (v << 8) | 0x7f) },
      rgbaPx),
    unusual('RGBA 8-bit interlaced (Adam7)', { ...base, interlace: true, colorType: 6, bitDepth: 8, sample: rgbaPx },
      rgbaPx),
    unusual('RGBA 8-bit with ancillary chunks', {
      ...base, colorType: 6, bitDepth: 8, sample: rgbaPx,
      extraChunks: [{ type: 'tEXt', data: textChunk }, { type: 'gAMA', data: Uint8Array.of(0, 0, 0xb1, 0x8f) }, { type: 'prVt', data: Uint8Array.of(1, 2, 3) }],
    }, rgbaPx),
    unusual('RGBA 8-bit split into 100-byte IDATs', { ...base, colorType: 6, bitDepth: 8, sample: rgbaPx, idatSize: 100 },
      rgbaPx),
  ]
}

/** A file that must be refused with 400 `invalid_image`, and what the message must say. */
export interface BadPng {
  name: string
  bytes: Uint8Array<ArrayBuffer>
  reason: RegExp
}

/** A valid small RGBA skin to mutate. */
function validBase(): Uint8Array<ArrayBuffer> {
  return encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 8, sample: (x, y) => [x * 4, y * 4, 0, 255] })
}

/** Offset of the first chunk of `type` (its length field). */
function chunkOffset(png: Uint8Array, type: string): number {
  for (let at = 8; ; ) {
    const chunk = readChunk(png, at)
    if (chunk.type === type) return at
    at = chunk.end
  }
}

/** PNG with the given IHDR and an IDAT holding `raw` deflated; no other checks. */
function handMade(ihdr: Uint8Array, raw: Uint8Array, ...extra: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdr), ...extra, pngChunk('IDAT', deflate(raw)), pngChunk('IEND'))
}

/** Rows of filter byte `filter` + zero pixels for a 64-wide RGBA8 image. */
function zeroRows(height: number, filter = 0, bytesPerRow = 256): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(height * (bytesPerRow + 1))
  for (let y = 0; y < height; y++) raw[y * (bytesPerRow + 1)] = filter
  return raw
}

/** Bad files: empty, not PNG, too big, wrong sizes, huge IHDR, truncations, bad CRCs, corrupt or oversized zlib data, bad structure. */
export function badPngCorpus(): BadPng[] {
  const ok = validBase()
  const idat = chunkOffset(ok, 'IDAT')
  const idatLen = new DataView(ok.buffer).getUint32(idat)
  const flipped = (at: number) => { const b = ok.slice(); b[at]! ^= 0x40; return b }
  const rnd = seededRandom(7)
  const noise16 = encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 16, sample: () => [0, 0, 0, 0].map(() => Math.floor(rnd() * 65536)) })
  const rgbaIhdr = (w: number, h: number) => ihdrData(w, h, 8, 6)
  const zlibCut = deflate(zeroRows(64)).subarray(0, 20)
  const garbage = Uint8Array.from({ length: 200 }, (_, i) => (i * 97 + 13) & 255)
  return [
    { name: 'zero bytes', bytes: new Uint8Array(0), reason: /empty/ },
    { name: 'not a PNG (GIF)', bytes: new TextEncoder().encode('GIF89a\x40\x00\x40\x00 not a png at all'), reason: /not a PNG/ },
    { name: 'not a PNG (JPEG magic)', bytes: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1), reason: /not a PNG/ },
    { name: 'not a PNG (text)', bytes: new TextEncoder().encode('<html>hello</html>'), reason: /not a PNG/ },
    { name: 'only the signature', bytes: PNG_SIGNATURE.slice(), reason: /truncated/ },
    { name: 'larger than 20 000 bytes', bytes: noise16, reason: /limit is 20000 bytes/ },
    { name: 'wrong size 32x32', bytes: handMade(rgbaIhdr(32, 32), zeroRows(32, 0, 128)), reason: /32x32 pixels/ },
    { name: 'wrong size 128x128', bytes: handMade(rgbaIhdr(128, 128), zeroRows(128, 0, 512)), reason: /128x128 pixels/ },
    { name: 'wrong size 64x48', bytes: handMade(rgbaIhdr(64, 48), zeroRows(48)), reason: /64x48 pixels/ },
    { name: 'huge IHDR 100000x100000', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IHDR', rgbaIhdr(100_000, 100_000)), pngChunk('IDAT', deflate(new Uint8Array(1000))), pngChunk('IEND')), reason: /100000x100000 pixels/ },
    { name: 'huge IHDR 4294967295x4294967295', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IHDR', rgbaIhdr(0xffffffff, 0xffffffff)), pngChunk('IEND')), reason: /4294967295x4294967295 pixels/ },
    { name: 'truncated to half', bytes: ok.subarray(0, ok.length >> 1), reason: /truncated/ },
    { name: 'truncated inside IHDR', bytes: ok.subarray(0, 20), reason: /truncated/ },
    { name: 'truncated inside IDAT', bytes: ok.subarray(0, idat + 8 + (idatLen >> 1)), reason: /truncated/ },
    { name: 'missing IEND', bytes: ok.subarray(0, ok.length - 12), reason: /truncated/ },
    { name: 'bad CRC in IHDR', bytes: flipped(8 + 8 + 2), reason: /IHDR .*bad CRC/ },
    { name: 'bad CRC in IDAT data', bytes: flipped(idat + 8 + 5), reason: /IDAT .*bad CRC/ },
    { name: 'bad CRC field', bytes: flipped(idat + 8 + idatLen), reason: /bad CRC/ },
    { name: 'corrupt zlib data', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IHDR', rgbaIhdr(64, 64)), pngChunk('IDAT', garbage), pngChunk('IEND')), reason: /corrupt|truncated/ },
    { name: 'zlib stream cut short', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IHDR', rgbaIhdr(64, 64)), pngChunk('IDAT', zlibCut), pngChunk('IEND')), reason: /truncated/ },
    { name: 'zlib bomb (inflates far beyond 64x64)', bytes: handMade(rgbaIhdr(64, 64), new Uint8Array(4_000_000)), reason: /larger than the IHDR size allows/ },
    { name: 'unknown row filter type', bytes: handMade(rgbaIhdr(64, 64), zeroRows(64, 7)), reason: /unknown filter type 7/ },
    { name: 'palette index outside the palette', bytes: handMade(ihdrData(64, 64, 8, 3), zeroRows(64, 0, 64).map((v, i) => (i % 65 === 0 ? v : 5)), pngChunk('PLTE', new Uint8Array(6))), reason: /palette index 5 is outside the 2-colour palette/ },
    { name: 'palette image without PLTE', bytes: handMade(ihdrData(64, 64, 8, 3), zeroRows(64, 0, 64)), reason: /no PLTE/ },
    { name: 'unknown critical chunk', bytes: handMade(rgbaIhdr(64, 64), zeroRows(64), pngChunk('CRIT', Uint8Array.of(1))), reason: /unknown critical chunk CRIT/ },
    { name: 'illegal bit depth for RGB', bytes: handMade(ihdrData(64, 64, 4, 2), zeroRows(64, 0, 96)), reason: /bit depth 4 is not allowed/ },
    { name: 'unknown colour type', bytes: handMade(ihdrData(64, 64, 8, 5), zeroRows(64)), reason: /unknown PNG colour type 5/ },
    { name: 'first chunk is not IHDR', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IDAT', deflate(zeroRows(64))), pngChunk('IEND')), reason: /first chunk must be IHDR/ },
    { name: 'no IDAT', bytes: concatBytes(PNG_SIGNATURE, pngChunk('IHDR', rgbaIhdr(64, 64)), pngChunk('IEND')), reason: /no image data/ },
    { name: 'chunk type not letters', bytes: concatBytes(ok.subarray(0, idat), Uint8Array.of(0, 0, 0, 0, 0x31, 0x32, 0x33, 0x34, 0, 0, 0, 0), ok.subarray(idat)), reason: /not four letters/ },
  ]
}

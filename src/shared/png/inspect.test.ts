/**
 * The structure and IHDR checks: every refusal is a PngError with a stable
 * code, and the IHDR is judged before any later chunk is read or anything is inflated.
 */
import { describe, expect, test } from 'bun:test'
import { deflate } from 'pako'
import { concatBytes, pngChunk } from './chunks'
import { isPngError, type PngErrorCode } from './errors'
import { ihdrData } from './ihdr-data'
import { inspectPng } from './inspect'
import { SKIN_TEXTURE_LIMITS, SKIN_UPLOAD_LIMITS } from './limits'
import { PNG_SIGNATURE } from './signature'
import { encodeTestPng } from './testing/encode-test-png'

const skin = () => encodeTestPng({ width: 64, height: 64, colorType: 6, bitDepth: 8, sample: (x, y) => [x * 4, y * 4, 9, 255] })
/** Inflates to 2 MiB of zeros: far beyond any 64x64 image (16 KiB). */
const bomb = deflate(new Uint8Array(2 * 1024 * 1024), { level: 9 })
const withIhdr = (ihdr: Uint8Array, idat: Uint8Array = bomb) => concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND'))

function refusal(bytes: Uint8Array, limits = SKIN_UPLOAD_LIMITS): { code: PngErrorCode; message: string } {
  try {
    inspectPng(bytes, limits)
  } catch (e) {
    if (isPngError(e)) return { code: e.code, message: e.message }
    throw e
  }
  throw new Error('the file was accepted')
}

describe('inspectPng: IHDR checks come first', () => {
  test('a bomb behind a valid 64x64 header passes the structure check: nothing is inflated here', () => {
    expect(bomb.length).toBeLessThan(SKIN_UPLOAD_LIMITS.maxBytes - 100)
    const parts = inspectPng(withIhdr(ihdrData(64, 64, 8, 6)))
    expect(parts.header).toMatchObject({ width: 64, height: 64, bitDepth: 8, colorType: 6, interlace: 0 })
    expect(parts.idat.length).toBe(bomb.length)
  })

  const cases: [string, Uint8Array, PngErrorCode, RegExp][] = [
    ['wrong first chunk', concatBytes(PNG_SIGNATURE, pngChunk('tEXt', new TextEncoder().encode('a\0<html>')), pngChunk('IHDR', ihdrData(64, 64, 8, 6)), pngChunk('IEND')), 'ihdr', /first chunk must be IHDR, found tEXt/],
    ['IHDR of 12 bytes', concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdrData(64, 64, 8, 6).subarray(0, 12)), pngChunk('IEND')), 'ihdr', /13 bytes long/],
    ['huge dimensions', withIhdr(ihdrData(100_000, 100_000, 8, 6)), 'dimensions', /100000x100000 pixels; a skin must be 64x64 or 64x32/],
    ['largest dimensions', withIhdr(ihdrData(0xffffffff, 0xffffffff, 8, 6)), 'dimensions', /4294967295x4294967295/],
    ['zero width', withIhdr(ihdrData(0, 64, 8, 6)), 'dimensions', /0x64/],
    ['64x48', withIhdr(ihdrData(64, 48, 8, 6)), 'dimensions', /64x48/],
    ['bit depth 4 for RGBA', withIhdr(ihdrData(64, 64, 4, 6)), 'ihdr', /bit depth 4 is not allowed for colour type 6/],
    ['bit depth 3 for grey', withIhdr(ihdrData(64, 64, 3, 0)), 'ihdr', /bit depth 3/],
    ['bit depth 16 for palette', withIhdr(ihdrData(64, 64, 16, 3)), 'ihdr', /bit depth 16/],
    ['colour type 5', withIhdr(ihdrData(64, 64, 8, 5)), 'ihdr', /unknown PNG colour type 5/],
    ['interlace method 2', withIhdr(ihdrData(64, 64, 8, 6, 2)), 'ihdr', /unknown interlace method 2/],
    ['compression method 1', withIhdr(Uint8Array.from([...ihdrData(64, 64, 8, 6).subarray(0, 10), 1, 0, 0])), 'ihdr', /unknown compression method 1/],
  ]
  for (const [name, bytes, code, message] of cases) {
    test(`${name} → ${code}, decided before the (bomb) image data`, () => {
      const r = refusal(bytes)
      expect(r.code).toBe(code)
      expect(r.message).toMatch(message)
    })
  }

  test('a CRC mismatch in IHDR is refused, even when the header itself would pass', () => {
    const bytes = skin()
    bytes[29]! ^= 0x01 // the last byte of IHDR's CRC
    expect(refusal(bytes)).toEqual({ code: 'crc', message: 'chunk IHDR at byte 8 has a bad CRC (the file is corrupted)' })
    const lied = withIhdr(ihdrData(64, 64, 8, 6))
    new DataView(lied.buffer).setUint32(16, 4096) // width changed without a new CRC
    expect(refusal(lied).code).toBe('crc')
  })
})

describe('inspectPng: file and chunk structure', () => {
  test('size, signature and truncation', () => {
    expect(refusal(new Uint8Array(0)).code).toBe('file_size')
    expect(refusal(new Uint8Array(SKIN_UPLOAD_LIMITS.maxBytes + 1)).message).toBe('the file is 20001 bytes; the limit is 20000 bytes')
    expect(refusal(new TextEncoder().encode('<html><script>alert(1)</script></html>')).code).toBe('signature')
    expect(refusal(skin().subarray(0, 40)).code).toBe('truncated')
    expect(refusal(skin().subarray(0, skin().length - 12)).code).toBe('truncated')
  })

  test('a CRC mismatch in IDAT, an unknown critical chunk, a second IHDR, a missing IDAT or PLTE', () => {
    const bad = skin()
    bad[50]! ^= 0x10
    expect(refusal(bad).code).toBe('crc')
    const ok = skin()
    const ihdrEnd = 33
    const insert = (chunk: Uint8Array) => concatBytes(ok.subarray(0, ihdrEnd), chunk, ok.subarray(ihdrEnd))
    expect(refusal(insert(pngChunk('CRIT', Uint8Array.of(1))))).toEqual({ code: 'chunk', message: 'unknown critical chunk CRIT' })
    expect(refusal(insert(pngChunk('IHDR', ihdrData(64, 64, 8, 6)))).code).toBe('structure')
    expect(refusal(insert(pngChunk('ab1d'))).code).toBe('chunk')
    expect(refusal(concatBytes(ok.subarray(0, ihdrEnd), pngChunk('IEND'))).message).toMatch(/no image data/)
    expect(refusal(withIhdr(ihdrData(64, 64, 8, 3))).message).toMatch(/no PLTE/)
  })

  test('ancillary chunks and bytes after IEND are reported, not kept', () => {
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>')
    const bytes = encodeTestPng({
      width: 64, height: 64, colorType: 6, bitDepth: 8, sample: () => [1, 2, 3, 255],
      extraChunks: [{ type: 'tEXt', data: concatBytes(new TextEncoder().encode('Comment\0'), html) }], trailing: html,
    })
    const parts = inspectPng(bytes)
    expect(parts.skipped).toEqual(['tEXt'])
    expect(parts.trailing).toBe(html.length)
  })

  test('limits are the caller\'s: the renderer reads larger files, never other sizes', () => {
    const padded = encodeTestPng({ width: 64, height: 32, colorType: 6, bitDepth: 8, sample: () => [0, 0, 0, 255], extraChunks: [{ type: 'zTXt', data: new Uint8Array(30_000) }] })
    expect(refusal(padded).code).toBe('file_size')
    expect(inspectPng(padded, SKIN_TEXTURE_LIMITS).header.height).toBe(32)
    expect(refusal(withIhdr(ihdrData(128, 128, 8, 6)), SKIN_TEXTURE_LIMITS).code).toBe('dimensions')
  })
})

/**
 * The structure check of a PNG (PNG spec §5 "Datastream structure"), without inflating anything:
 * file size, signature, IHDR (see header.ts), then every chunk's type, length and CRC, chunk order,
 * up to IEND. What follows IEND and every ancillary chunk but tRNS is ignored here and never
 * written back out: the clean re-encode is built from the pixels alone.
 * @module
 */
import { concatBytes, readChunk } from './chunks'
import { PngError } from './errors'
import { COLOR_TYPE, readHeader, type PngHeader } from './header'
import { SKIN_UPLOAD_LIMITS, type PngLimits } from './limits'
import { hasPngSignature } from './signature'

/** The parts of a PNG the pixel decoder needs. */
export interface PngParts {
  header: PngHeader
  /** PLTE entries as RGB triples. */
  palette?: Uint8Array
  /** tRNS payload (§11.3.2.1); its meaning depends on the colour type. */
  transparency?: Uint8Array
  /** Concatenated IDAT payloads (the zlib stream). */
  idat: Uint8Array
  /** Types of the ancillary chunks that were skipped, in file order. */
  skipped: string[]
  /** Bytes after IEND (appended data). */
  trailing: number
}

/**
 * Checks a PNG's structure under `limits` (default: skin uploads) and returns its parts; throws
 * {@link PngError}. The size and IHDR are checked before any later byte is read.
 */
export function inspectPng(bytes: Uint8Array, limits: PngLimits = SKIN_UPLOAD_LIMITS): PngParts {
  if (bytes.length === 0) throw new PngError('file_size', 'the file is empty')
  if (bytes.length > limits.maxBytes) throw new PngError('file_size', `the file is ${bytes.length} bytes; the limit is ${limits.maxBytes} bytes`)
  if (!hasPngSignature(bytes)) throw new PngError('signature', 'not a PNG file (the PNG signature is missing)')
  const first = readChunk(bytes, 8)
  const header = readHeader(first, limits)
  let palette: Uint8Array | undefined
  let transparency: Uint8Array | undefined
  const idat: Uint8Array[] = []
  const skipped: string[] = []
  let idatEnded = false
  let at = first.end
  for (;;) {
    const chunk = readChunk(bytes, at)
    at = chunk.end
    if (chunk.type === 'IEND') break
    if (idat.length > 0 && chunk.type !== 'IDAT') idatEnded = true
    switch (chunk.type) {
      case 'IHDR':
        throw new PngError('structure', 'the file has more than one IHDR chunk')
      case 'PLTE':
        if (idat.length > 0) throw new PngError('structure', 'PLTE comes after the image data')
        if (chunk.data.length === 0 || chunk.data.length % 3 !== 0 || chunk.data.length > 768) {
          throw new PngError('structure', `PLTE has an invalid length ${chunk.data.length}`)
        }
        palette = chunk.data
        break
      case 'tRNS':
        if (idat.length > 0) throw new PngError('structure', 'tRNS comes after the image data')
        transparency = chunk.data
        break
      case 'IDAT':
        if (idatEnded) throw new PngError('structure', 'IDAT chunks are not consecutive')
        idat.push(chunk.data)
        break
      default:
        if (chunk.critical) throw new PngError('chunk', `unknown critical chunk ${chunk.type}`)
        skipped.push(chunk.type)
    }
  }
  if (idat.length === 0) throw new PngError('structure', 'the file has no image data (IDAT)')
  if (header.colorType === COLOR_TYPE.palette && !palette) throw new PngError('structure', 'a palette image has no PLTE chunk')
  return { header, palette, transparency, idat: idat.length === 1 ? idat[0]! : concatBytes(...idat), skipped, trailing: bytes.length - at }
}

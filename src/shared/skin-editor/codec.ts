/**
 * Skin PNG in and out for the editor. Out is the Mojang encoding (src/shared/png/encode-minecraft.ts),
 * so the SHA-256 of a downloaded PNG is the texture hash the signed skin will have.
 * @module
 */
import { decodePng, encodeMinecraftPng, isPngError, SKIN_TEXTURE_LIMITS, type PngErrorCode } from '../png'
import { legacyHatHidden } from '../skin/legacy-layout'
import { expandLegacy } from './convert'
import { BOX_FACES } from '../skin/skin-model'
import { fillRect, rectOf } from './layout'
import { SIZE, TRANSPARENT, type SkinTexture } from './texture'

/** Why a file could not be opened in the editor. */
export type EditorImportErrorCode =
  /** not a PNG file at all */
  | 'not_png'
  /** a PNG, but not 64x64 or 64x32 */
  | 'bad_size'
  /** larger than the texture byte limit */
  | 'too_large'
  /** a damaged PNG (truncated, bad CRC, bad image data) */
  | 'bad_png'

/** A file the editor refused, with a stable `code` the UI translates. */
export class EditorImportError extends Error {
  constructor(
    readonly code: EditorImportErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'EditorImportError'
  }
}

function importCode(code: PngErrorCode): EditorImportErrorCode {
  if (code === 'signature') return 'not_png'
  if (code === 'dimensions') return 'bad_size'
  if (code === 'file_size') return 'too_large'
  return 'bad_png'
}

/**
 * PNG bytes → a 64×64 editor texture. A legacy 64×32 skin is expanded as the game does, and its hat
 * is cleared when the game would clear it (an all-opaque hat area, the legacy transparency rule),
 * so the editor shows what players saw. Other pixels are kept as they are. Throws {@link EditorImportError}.
 */
export function decodeSkinPng(bytes: Uint8Array): { texture: SkinTexture; legacy: boolean } {
  let png: { width: number; height: number; rgba: Uint8Array }
  try {
    png = decodePng(bytes, SKIN_TEXTURE_LIMITS)
  } catch (e) {
    if (isPngError(e)) throw new EditorImportError(importCode(e.code), e.message)
    throw e
  }
  if (png.height === SIZE) return { texture: { rgba: new Uint8ClampedArray(png.rgba) }, legacy: false }
  const texture = expandLegacy(png.rgba)
  if (legacyHatHidden(texture.rgba)) {
    for (const face of BOX_FACES) fillRect(texture, rectOf('classic', 'head', 'overlay', face), TRANSPARENT)
  }
  return { texture, legacy: true }
}

/** The texture as a PNG file, encoded as Mojang stores skins (RGBA8, at most ~16.5 kB, under the 20 000-byte upload cap). */
export function encodeSkinPng(t: SkinTexture): Uint8Array {
  return encodeMinecraftPng(new Uint8Array(t.rgba.buffer, t.rgba.byteOffset, t.rgba.byteLength), SIZE, SIZE)
}

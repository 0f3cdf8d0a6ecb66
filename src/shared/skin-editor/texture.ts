/**
 * The texture the editor works on: one 64x64 straight-alpha RGBA8 buffer, and colours as packed
 * 0xRRGGBBAA numbers so a texel compares and stores as one value (history, fills, palette).
 * @module
 */

/** Width and height of an editor texture in texels (legacy 64x32 skins are expanded on import). */
export const SIZE = 64

/** 64×64 RGBA8, row-major, 4 bytes per texel. Mutated in place by tools (the history records changes). */
export interface SkinTexture {
  rgba: Uint8ClampedArray
}

/** The arm width the texture is laid out for: 4 texels (classic, "Steve") or 3 (slim, "Alex"). */
export type Model = 'classic' | 'slim'

/** The inner (base) layer or the outer layer (hat, jacket, sleeves, trousers). */
export type Layer = 'base' | 'overlay'

/** A colour as 0xRRGGBBAA (unsigned). */
export type Color = number

/** The fully transparent colour erasing writes. */
export const TRANSPARENT: Color = 0

/** A fully transparent texture. */
export function createTexture(): SkinTexture {
  return { rgba: new Uint8ClampedArray(SIZE * SIZE * 4) }
}

/** An independent copy of `t`. */
export function cloneTexture(t: SkinTexture): SkinTexture {
  return { rgba: t.rgba.slice() }
}

/** The colour at (x, y). */
export function getTexel(t: SkinTexture, x: number, y: number): Color {
  const i = (y * SIZE + x) * 4
  const p = t.rgba
  return (((p[i] ?? 0) << 24) | ((p[i + 1] ?? 0) << 16) | ((p[i + 2] ?? 0) << 8) | (p[i + 3] ?? 0)) >>> 0
}

/** Writes colour `c` at (x, y); tools go through a Stroke instead so the change can be undone. */
export function setTexel(t: SkinTexture, x: number, y: number, c: Color): void {
  const i = (y * SIZE + x) * 4
  t.rgba[i] = c >>> 24
  t.rgba[i + 1] = (c >>> 16) & 0xff
  t.rgba[i + 2] = (c >>> 8) & 0xff
  t.rgba[i + 3] = c & 0xff
}

/** Packs channels (0–255 each) into a {@link Color}. */
export function packColor(r: number, g: number, b: number, a = 255): Color {
  return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0
}

/** The alpha channel of `c` (0–255). */
export const alphaOf = (c: Color): number => c & 0xff

/** True when two colours look the same: equal, or both fully transparent whatever their RGB. */
export const sameColor = (a: Color, b: Color): boolean => a === b || (alphaOf(a) === 0 && alphaOf(b) === 0)

/** '#rrggbb' (alpha dropped), for `<input type="color">` and display. */
export function colorToHex(c: Color): string {
  return `#${(c >>> 8).toString(16).padStart(6, '0')}`
}

/** '#rrggbb' (or '#rgb') → an opaque colour; null for anything else. */
export function hexToColor(hex: string): Color | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex)
  const full = short ? `${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : /^#([0-9a-f]{6})$/i.exec(hex)?.[1]
  return full === undefined ? null : ((Number.parseInt(full, 16) << 8) | 0xff) >>> 0
}

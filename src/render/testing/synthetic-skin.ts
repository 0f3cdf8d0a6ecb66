/**
 * Golden-pixel fixture builder: a synthetic skin where every face of every part, base and
 * overlay, has its own colour, plus a marker colour on the face's top-left texel so tests can
 * tell a mirrored or rotated face from a correct one. Overlay faces are opaque on their left
 * half and transparent on their right half, so one render shows both layers.
 * The layout is written out here from reference/skins-and-peers.md §2.1 on purpose, apart
 * from the renderer's own tables, so a wrong table there cannot hide behind the same one here.
 * @module
 */
import { encode } from 'fast-png'
import type { RgbaImage } from '../image'

/** Parts in the order their colours are numbered. */
export const PARTS = ['head', 'body', 'rightArm', 'leftArm', 'rightLeg', 'leftLeg'] as const
/** Faces in the order their colours are numbered. */
export const FACES = ['top', 'bottom', 'right', 'front', 'left', 'back'] as const
/** A model part. */
export type Part = (typeof PARTS)[number]
/** A box face. */
export type Face = (typeof FACES)[number]
/** Base or overlay layer. */
export type Layer = 'base' | 'overlay'
/** One RGBA pixel. */
export type Rgba = [number, number, number, number]

/** [w, h, d, base u, base v, overlay u, overlay v] per part (reference §2.1 table). */
function partTable(slim: boolean): Record<Part, readonly number[]> {
  const arm = slim ? 3 : 4
  return {
    head: [8, 8, 8, 0, 0, 32, 0],
    body: [8, 12, 4, 16, 16, 16, 32],
    rightArm: [arm, 12, 4, 40, 16, 40, 32],
    leftArm: [arm, 12, 4, 32, 48, 48, 48],
    rightLeg: [4, 12, 4, 0, 16, 0, 32],
    leftLeg: [4, 12, 4, 16, 48, 0, 48],
  }
}

/** The texture rect [x, y, w, h] of a face by the UV rule of reference §2.1. */
export function faceRectOf(part: Part, layer: Layer, face: Face, slim = false): [number, number, number, number] {
  const [w = 0, h = 0, d = 0, bu = 0, bv = 0, ou = 0, ov = 0] = partTable(slim)[part]
  const [u, v] = layer === 'base' ? [bu, bv] : [ou, ov]
  const rects: Record<Face, [number, number, number, number]> = {
    top: [u + d, v, w, d],
    bottom: [u + d + w, v, w, d],
    right: [u, v + d, d, h],
    front: [u + d, v + d, w, h],
    left: [u + d + w, v + d, d, h],
    back: [u + 2 * d + w, v + d, w, h],
  }
  return rects[face]
}

/** The colour of a face (all texels but the marker; overlay: its left half). */
export function faceColour(part: Part, layer: Layer, face: Face): Rgba {
  return [40 + PARTS.indexOf(part) * 36, 40 + FACES.indexOf(face) * 36, layer === 'base' ? 60 : 200, 255]
}

/** The colour of the face's top-left texel (u = 0, v = 0). */
export function markerColour(part: Part, layer: Layer, face: Face): Rgba {
  const [r, g] = faceColour(part, layer, face)
  return [r, g, layer === 'base' ? 10 : 250, 255]
}

/** What is drawn at texel (tx, ty) of a face: marker, colour, or transparent (overlay right half). */
export function texelColour(part: Part, layer: Layer, face: Face, tx: number, ty: number, slim = false): Rgba {
  const [, , w] = faceRectOf(part, layer, face, slim)
  if (layer === 'overlay' && tx >= Math.ceil(w / 2)) return [0, 0, 0, 0]
  return tx === 0 && ty === 0 ? markerColour(part, layer, face) : faceColour(part, layer, face)
}

/** Options for {@link syntheticSkin}. */
export interface SyntheticSkinOptions {
  /** Lay the arms out 3 texels wide. */
  slim?: boolean
  /** A legacy 64x32 skin: head + hat, body, right arm and right leg base only. */
  legacy?: boolean
  /** Leave the overlay layers empty. */
  noOverlay?: boolean
}

/** Builds the synthetic skin as raw RGBA (64x64, or 64x32 when `legacy`). */
export function syntheticSkin(options: SyntheticSkinOptions = {}): RgbaImage {
  const slim = options.slim ?? false
  const height = options.legacy ? 32 : 64
  const rgba = new Uint8Array(64 * height * 4)
  const parts: readonly Part[] = options.legacy ? ['head', 'body', 'rightArm', 'rightLeg'] : PARTS
  for (const part of parts) {
    const layers: Layer[] = options.noOverlay || (options.legacy && part !== 'head') ? ['base'] : ['base', 'overlay']
    for (const layer of layers) {
      for (const face of FACES) {
        const [x, y, w, h] = faceRectOf(part, layer, face, slim)
        for (let ty = 0; ty < h; ty++) {
          for (let tx = 0; tx < w; tx++) rgba.set(texelColour(part, layer, face, tx, ty, slim), ((y + ty) * 64 + x + tx) * 4)
        }
      }
    }
  }
  return { width: 64, height, rgba }
}

/** RGBA pixels as PNG bytes, encoded with fast-png (not the renderer's own encoder). */
export function pngOf(image: RgbaImage): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.rgba, channels: 4, depth: 8 })
}

/** The synthetic skin as PNG bytes. */
export function syntheticSkinPng(options: SyntheticSkinOptions = {}): Uint8Array {
  return pngOf(syntheticSkin(options))
}

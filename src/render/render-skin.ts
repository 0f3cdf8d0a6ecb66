/**
 * One whole render: skin PNG in, view PNG out (decode + draw + encode).
 * @module
 */
import { decodeSkin } from './decode-skin'
import type { RgbaImage } from './image'
import { encodeCompactPng } from '../shared/png'
import { renderBody } from './render-body'
import { renderFace } from './render-face'
import { renderHead } from './render-head'
import type { ViewOptions } from './render-options'

/** The three views the render service draws. */
export type SkinView = 'face' | 'head' | 'body'

const VIEWS: Record<SkinView, (skin: RgbaImage, options: Partial<ViewOptions>) => RgbaImage> = {
  face: renderFace,
  head: renderHead,
  body: renderBody,
}

/** Renders `view` of the skin PNG `texture` and encodes it; throws `invalid_image` (400) for a bad skin. */
export function renderSkinPng(texture: Uint8Array, view: SkinView, options: Partial<ViewOptions>): Uint8Array {
  return encodeCompactPng(VIEWS[view](decodeSkin(texture), options))
}

/**
 * The skin renderer (DESIGN.md §1 src/render, SPEC §7 "render service"): pure TypeScript, no
 * `node:` modules, so it runs unchanged on Bun and on Cloudflare Workers.
 * @module
 */
/** The HTTP routes; mount with `app.route('/', createRenderRoutes(options))`. */
export { createRenderRoutes, type RenderOptions } from './routes'
/** Skin PNG → 64x64 RGBA with the game's legacy conversion and alpha rules. */
export { decodeSkin } from './decode-skin'
/** RGBA → PNG bytes: the shared PNG module's compact encoder, which every render goes out through. */
export { encodeCompactPng as encodePng } from '../shared/png'
/** The three views, each `(skin, { scale, overlay, slim }) → RgbaImage`. */
export { renderFace } from './render-face'
export { renderHead } from './render-head'
export { renderBody } from './render-body'
/** Skin PNG → view PNG in one call. */
export { renderSkinPng, type SkinView } from './render-skin'
/** The renderer's error value (`code`, `status`). */
export { RenderError, isRenderError } from './errors'
/** Image and option types. */
export type { RgbaImage } from './image'
export type { ViewOptions } from './render-options'

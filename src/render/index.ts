/**
 * The skin renderer (DESIGN.md §1 src/render, SPEC §7 "render service"): pure TypeScript, no
 * `node:` modules, so it runs unchanged on Bun and on Cloudflare Workers.
 * @module
 */
export { createRenderRoutes, type RenderOptions } from './routes'
export { decodeSkin } from './decode-skin'
export { encodePng } from './png-encode'
export { renderFace } from './render-face'
export { renderHead } from './render-head'
export { renderBody } from './render-body'
export { renderSkinPng, type SkinView } from './render-skin'
export { RenderError, isRenderError } from './errors'
export type { RgbaImage } from './image'
export type { ViewOptions } from './render-options'

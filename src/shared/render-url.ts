/**
 * The one builder of render URLs: every page and island that shows a skin —
 * job thumbnails, gallery cards, the skin page, og:image tags — takes its image URL from here,
 * so the whole app asks the render service (SPEC §7) the same way and shares its cache.
 * Plain string building: this runs in the browser too.
 * @module
 */
import { pathSegment } from './routes'

/** The views of the render service. */
export type RenderView = 'face' | 'head' | 'body'

/** Scale per size (SPEC §7: heads and bodies scale 10, small heads scale 2). */
const SCALE = { normal: 10, small: 2 } as const

/** What {@link renderUrl} needs: the texture hash, the view, and what the skin page knows about the skin. */
export interface RenderUrlInput {
  textureHash: string
  view: RenderView
  variant?: 'classic' | 'slim' | 'unknown'
  size?: 'normal' | 'small'
  overlay?: boolean
}

/**
 * Same-origin URL of a content-addressed render, e.g. `/render/head/<hash>`, or
 * `/render/head/<hash>?scale=2&overlay=true` for a small one. A render at the route's defaults
 * (src/render/render-params.ts: scale 10, overlay on, classic arms, SPEC §7) has no query: the same
 * image in 27 bytes less, and a page names a dozen of them (HTML ≤ 30 KB, DESIGN.md §4); any other
 * render spells out scale and overlay as before. `slim=true` is added for slim skins on the body
 * view, the only view with arms; heads and faces of a texture then have one URL whatever the
 * variant, so browsers and CDNs cache them once. Every caller builds its URL here, so each render
 * keeps one URL (and one cache entry).
 */
export function renderUrl(input: RenderUrlInput): string {
  const scale = SCALE[input.size ?? 'normal']
  const overlay = input.overlay ?? true
  const slim = input.view === 'body' && input.variant === 'slim'
  const path = `/render/${input.view}/${pathSegment(input.textureHash.toLowerCase())}`
  if (scale === SCALE.normal && overlay && !slim) return path
  return `${path}?scale=${scale}&overlay=${overlay}${slim ? '&slim=true' : ''}`
}

/** What {@link renderQueryUrl} takes: the `/render` query parameters of SPEC §7. */
export interface RenderQueryInput {
  /** A texture URL, or a bare texture id (the service prefixes the Mojang texture host). */
  url: string
  body?: boolean
  overlay?: boolean
  scale?: number
  slim?: boolean
}

/** Same-origin URL of the query form, `/render?overlay=true&body=false&scale=10&slim=false&url=…`. */
export function renderQueryUrl(input: RenderQueryInput): string {
  const params = [
    `overlay=${input.overlay ?? true}`,
    `body=${input.body ?? false}`,
    `scale=${input.scale ?? SCALE.normal}`,
    `slim=${input.slim ?? false}`,
    `url=${encodeURIComponent(input.url)}`,
  ]
  return `/render?${params.join('&')}`
}

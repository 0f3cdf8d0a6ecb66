/**
 * Strong entity tags for renders and the `If-None-Match` check (RFC 9110 §8.8.3, §13.1.2).
 * A render is a pure function of (texture, view, options, renderer revision), so the tag is
 * derived from those alone and a revalidation never has to load or draw anything.
 * @module
 */

/** Bumped whenever the pixels of any render change, so old cached renders stop matching. */
export const RENDER_REVISION = 'r1'

/** What identifies one render. `texture` is a texture hash or a digest of the texture bytes. */
export interface RenderKey {
  view: 'face' | 'head' | 'body'
  texture: string
  scale: number
  overlay: boolean
  slim: boolean
}

/** The cache key and (unquoted) entity tag of a render: only the body view depends on `slim`. */
export function renderKey(key: RenderKey): string {
  const slim = key.view === 'body' && key.slim ? 'slim' : 'classic'
  return `${RENDER_REVISION}-${key.view}-${key.texture}-${key.scale}-${key.overlay ? 'overlay' : 'base'}-${slim}`
}

/** The strong `ETag` header value for a render. */
export function renderEtag(key: RenderKey): string {
  return `"${renderKey(key)}"`
}

/**
 * True when an `If-None-Match` header matches `etag`: `*`, or any listed tag equal under the
 * weak comparison RFC 9110 §13.1.2 prescribes for this header (a `W/` prefix is ignored).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * One cached SVG sprite for every icon (DESIGN.md §4: HTML ≤ 30 KB per page). The build collects the
 * @mdi/js icons the source imports into `/assets/icons-<hash>.svg`; a page then carries a short
 * `<use href>` per icon instead of each icon's path data. Symbol ids are a hash of the path, so the
 * server and the browser name an icon the same way without a shared table.
 * @module
 */

/** An icon the browser build already names by its id (`src/islands/build.ts` swaps @mdi/js paths for ids). */
const SPRITE_ID = /^i[0-9a-z]+$/

/** Symbol id of an icon path (FNV-1a, base 36): the same on the server, in the browser and in the build. */
export function iconId(path: string): string {
  if (SPRITE_ID.test(path)) return path
  let hash = 0x811c9dc5
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return `i${(hash >>> 0).toString(36)}`
}

let spriteUrl = ''

/** Sets the sprite URL: on the server from the build manifest, in the browser from `<html data-icons>`. */
export function setIconSprite(url: string | undefined): void {
  spriteUrl = url ?? ''
}

/** The sprite URL, or '' when there is none (icons are then drawn inline). */
export const iconSprite = (): string => spriteUrl

/** The sprite document for a set of icon paths. */
export function spriteSvg(paths: Iterable<string>): string {
  const symbols = [...new Set(paths)].map((d) => `<symbol id="${iconId(d)}" viewBox="0 0 24 24"><path d="${d}" fill="currentColor"/></symbol>`)
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`
}

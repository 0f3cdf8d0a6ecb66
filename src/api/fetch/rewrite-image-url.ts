/**
 * Page-to-image rewrites of reference mineskin-api.md §2.1 (MineSkin `UrlHandler` URL_REWRITES):
 * people paste the page that shows a skin, not the PNG itself.
 * @module
 */

/** How to reach this API's own texture for a skin id (minesk.in links point at MineSkin skins). */
export interface RewriteContext {
  selfSkinTextureUrl: (skinId: string) => string
}

/** Target for a match, or null to leave the URL alone. */
type Rewrite = readonly [RegExp, (m: RegExpMatchArray, ctx?: RewriteContext) => string | null]

/** First match wins, as in MineSkin. Subdomains are optional (MineSkin's `.+namemc` missed bare namemc.com). */
const REWRITES: readonly Rewrite[] = [
  [/^https?:\/\/imgur\.com\/([A-Za-z0-9]+)\/?$/i, (m) => `https://i.imgur.com/${m[1]}.png`],
  [/^https?:\/\/(?:[a-z0-9-]+\.)*namemc\.com\/skin\/([0-9a-f]+)\/?$/i, (m) => `https://namemc.com/texture/${m[1]}.png`],
  [/^https?:\/\/(?:[a-z0-9-]+\.)*minecraftskins\.com\/skin\/(\d+)\/[^?#]*$/i, (m) => `https://www.minecraftskins.com/skin/download/${m[1]}`],
  [/^https?:\/\/minecraft\.novaskin\.me\/skin\/(\d+)\/[^?#]*$/i, (m) => `https://minecraft.novaskin.me/skin/${m[1]}/download`],
  [/^https?:\/\/minesk(?:\.in|in\.org)\/(?:skins\/)?([0-9a-zA-Z-]+)\/?$/i, (m, ctx) => (ctx ? ctx.selfSkinTextureUrl(m[1]!) : null)],
]

/** Page rewrites of reference §2.1 (imgur page -> i.imgur .png, namemc skin page -> texture, minesk.in/<id> -> this API's skin texture when `ctx` is given, ...). */
export function rewriteImageUrl(url: string, ctx?: RewriteContext): string {
  for (const [pattern, to] of REWRITES) {
    const m = url.match(pattern)
    if (m) return to(m, ctx) ?? url
  }
  return url
}

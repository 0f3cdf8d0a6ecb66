/**
 * A small bounded LRU of island server HTML (parts whose HTML depends only on
 * locale, flags and props are rendered once and reused). The key holds everything such HTML depends
 * on: island name, locale, React `identifierPrefix` (its place in the page), the icon sprite URL of the
 * build, and the JSON props (flags reach islands only through props). Islands read no request data:
 * they import only src/shared (DESIGN.md §3), never set stores on the server, and read the clock only
 * in effects or on client-only data — {@link CACHEABLE_ISLANDS} lists the islands checked for that.
 * @module
 */
import type { IslandName } from '../../islands/registry'
import { LruCache } from '../../shared/lru-cache'

/**
 * Islands whose server HTML is a pure function of the key. A new island renders per request until it
 * is checked (no `Date.now()`, random or request data in its server render) and listed here.
 */
export const CACHEABLE_ISLANDS: ReadonlySet<IslandName> = new Set<IslandName>([
  'search-field',
  'jobs-button',
  'notification-bell',
  'app-drawer',
  'account-button',
  'snackbar-host',
  // `remainingAllowance(limits, Date.now())` reads the clock, but on the server `limits` is `{}`, so the answer is always null.
  'generate-form',
  'gallery-scroll',
  'copy-buttons',
  'skin-community',
  'skin-owner',
  'skin-viewer',
  'my-skins',
  'export-form',
])

/** Most entries kept (an app-bar island is ~1 KB of HTML; 500 entries stay well under a megabyte). */
export const ISLAND_CACHE_ENTRIES = 500
/** Props longer than this are not cached: such keys rarely repeat and would crowd out the shared ones. */
const MAX_PROPS_LENGTH = 4096

// Bounded by count and by size: 500 entries of at most a few KB each stay well under a megabyte.
const cache = new LruCache<string>(ISLAND_CACHE_ENTRIES, 1024 * 1024)

/** What an island's server HTML depends on. */
export interface IslandKey {
  name: IslandName
  locale: string
  prefix: string
  sprite: string
  props: string
}

/** The island's HTML from the cache, or from `render` (then kept when the island is cacheable). */
export function cachedIslandHtml(key: IslandKey, render: () => string): string {
  if (!CACHEABLE_ISLANDS.has(key.name) || key.props.length > MAX_PROPS_LENGTH) return render()
  const id = `${key.name}\u0000${key.locale}\u0000${key.prefix}\u0000${key.sprite}\u0000${key.props}`
  const hit = cache.get(id)
  if (hit !== undefined) return hit
  const html = render()
  cache.set(id, html)
  return html
}

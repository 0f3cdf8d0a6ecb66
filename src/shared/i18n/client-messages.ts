/**
 * The part of a locale table that islands need in the browser. The server embeds only these
 * namespaces in the page (HTML budget, DESIGN.md §4); islands must not use keys outside them.
 * @module
 */

/** Top-level namespaces of locales/*.json that island code on every page may translate. */
export const CLIENT_NAMESPACES = ['common', 'appBar', 'drawer', 'jobs', 'snackbar', 'notifications'] as const

/** Namespaces that only some islands use: embedded only in pages that render one of them. */
export const ISLAND_NAMESPACES: Readonly<Record<string, readonly string[]>> = { 'generate-form': ['generate'], 'skin-viewer': ['pages.skin.viewer'], 'skin-community': ['pages.skin.community'], 'skin-owner': ['pages.skin.owner'], 'my-skins': ['pages.mySkins'], 'export-form': ['pages.mySkins', 'pages.export'] }

/**
 * Picks the client namespaces, plus those of the rendered `islands`, out of a full table. A dotted
 * namespace (`pages.skin.viewer`) picks just that branch, so an island need not ship a whole page tree.
 */
export function pickClientMessages(table: Record<string, unknown>, islands: Iterable<string> = []): Record<string, unknown> {
  const namespaces = new Set<string>(CLIENT_NAMESPACES)
  for (const island of islands) for (const ns of ISLAND_NAMESPACES[island] ?? []) namespaces.add(ns)
  const picked: Record<string, unknown> = {}
  for (const ns of namespaces) {
    const path = ns.split('.')
    let source: unknown = table
    for (const key of path) source = source && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined
    if (source === undefined) continue
    let target = picked
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>
    target[path.at(-1)!] = source
  }
  return picked
}

/** id of the `<script type="application/json">` element carrying the client messages. */
export const CLIENT_MESSAGES_ELEMENT_ID = 'i18n'

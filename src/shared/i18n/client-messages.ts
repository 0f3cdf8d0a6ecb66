/**
 * The part of a locale table that islands need in the browser. The server embeds only these
 * namespaces in the page (HTML budget, DESIGN.md §4); islands must not use keys outside them.
 * @module
 */

/** Top-level namespaces of locales/*.json that island code on every page may translate. */
export const CLIENT_NAMESPACES = ['common', 'appBar', 'drawer', 'jobs', 'snackbar', 'notifications'] as const

/** Namespaces that only some islands use: embedded only in pages that render one of them. */
export const ISLAND_NAMESPACES: Readonly<Record<string, readonly string[]>> = { 'generate-form': ['generate'] }

/** Picks the client namespaces, plus those of the rendered `islands`, out of a full table. */
export function pickClientMessages(table: Record<string, unknown>, islands: Iterable<string> = []): Record<string, unknown> {
  const namespaces = new Set<string>(CLIENT_NAMESPACES)
  for (const island of islands) for (const ns of ISLAND_NAMESPACES[island] ?? []) namespaces.add(ns)
  return Object.fromEntries([...namespaces].filter((ns) => ns in table).map((ns) => [ns, table[ns]]))
}

/** id of the `<script type="application/json">` element carrying the client messages. */
export const CLIENT_MESSAGES_ELEMENT_ID = 'i18n'

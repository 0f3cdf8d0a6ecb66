/**
 * The part of a locale table that islands need in the browser. The server embeds only these
 * namespaces in the page (HTML budget, DESIGN.md §4); islands must not use keys outside them.
 * @module
 */

/** Top-level namespaces of locales/*.json that island code may translate. */
export const CLIENT_NAMESPACES = ['common', 'appBar', 'drawer', 'jobs', 'snackbar', 'notifications'] as const

/** Picks the client namespaces out of a full table. */
export function pickClientMessages(table: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(CLIENT_NAMESPACES.filter((ns) => ns in table).map((ns) => [ns, table[ns]]))
}

/** id of the `<script type="application/json">` element carrying the client messages. */
export const CLIENT_MESSAGES_ELEMENT_ID = 'i18n'

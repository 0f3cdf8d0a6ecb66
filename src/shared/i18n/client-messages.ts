/**
 * The part of a locale table that islands need in the browser. The server embeds only the strings of
 * the islands that hydrate on load (HTML budget, DESIGN.md §4); a deferred island's strings
 * (`hydrate-when.ts`) are a per-locale JSON asset the client fetches when that island starts
 * (`lazyMessagesUrl`). Islands must not use keys outside these namespaces.
 * @module
 */

/** Top-level namespaces of locales/*.json that island code on every page may translate. */
export const CLIENT_NAMESPACES = ['common', 'appBar', 'jobs', 'snackbar', 'notifications'] as const

/** Keys of those namespaces that only the server renders (the skip link, the app bar's chip): not embedded. */
export const SERVER_ONLY_KEYS: readonly string[] = ['common.skipToContent', 'appBar.devMode']

/** Namespaces that only some islands use: embedded only in pages that render one of them. */
export const ISLAND_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  // `wear`: the drawer's Minecraft account row, My Skins' and the editor's "Wear this skin" ("Wear it").
  'app-drawer': ['drawer', 'wear'],
  'generate-form': ['generate'],
  'skin-viewer': ['pages.skin.viewer', 'pages.skin.renderAlt'],
  'skin-community': ['pages.skin.community'],
  'skin-owner': ['pages.skin.owner'],
  'my-skins': ['pages.mySkins', 'wear'],
  'export-form': ['pages.mySkins', 'pages.export'],
}

/**
 * Strings files that name no island: strings an island's code fetches itself when it needs them. Apart
 * from {@link ISLAND_NAMESPACES}, which the client proper carries (boot.ts), so that no page downloads
 * this list with its JavaScript; only the build reads it.
 */
export const STRINGS_FILES: Readonly<Record<string, readonly string[]>> = {
  // The skin page's copy island, when it switches the commands box to another group or a copy is refused (copy/copy-strings.ts).
  'skin-copy': ['pages.skin.commands.vanillaHint', 'pages.skin.commands.pluginsHint', 'pages.skin.commands.codeHint', 'pages.skin.copyManually'],
  // The generate form's cape preview (src/islands/generate/cape-strings.ts), fetched with its lazy chunk: only
  // callers with the `capes` grant ever see it. It reuses the skin page viewer's words for the 3D view.
  'cape-preview-strings': ['capePreview', 'pages.skin.viewer'],
  // The skin editor's strings (src/islands/editor/editor-strings.ts), fetched by the island itself: embedded, they
  // would take the /editor page over its HTML budget in Hindi. The sign form reuses the generate form's words.
  'skin-editor-strings': ['editor', 'generate', 'wear'],
}

/** Copies the dotted `namespaces` (`pages.skin.viewer` picks just that branch) out of `table`. */
export function pickNamespaces(table: Record<string, unknown>, namespaces: Iterable<string>): Record<string, unknown> {
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

/**
 * Picks the client namespaces, plus those of the rendered `islands`, out of a full table. Pass only
 * the islands that hydrate on load: a deferred island's strings load with it (`lazyMessages`).
 */
export function pickClientMessages(table: Record<string, unknown>, islands: Iterable<string> = []): Record<string, unknown> {
  const namespaces = new Set<string>(CLIENT_NAMESPACES)
  for (const island of islands) for (const ns of ISLAND_NAMESPACES[island] ?? []) namespaces.add(ns)
  return withoutKeys(pickNamespaces(table, namespaces), SERVER_ONLY_KEYS)
}

/** `table` without the dotted `keys` (copying only the branches that change). */
function withoutKeys(table: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  let out = table
  for (const key of keys) {
    const [head, ...rest] = key.split('.')
    const branch = out[head!]
    if (branch === undefined) continue
    if (rest.length === 0) {
      const { [head!]: _dropped, ...others } = out
      out = others
    } else if (branch && typeof branch === 'object') {
      out = { ...out, [head!]: withoutKeys(branch as Record<string, unknown>, [rest.join('.')]) }
    }
  }
  return out
}

/** Names of every strings file the build writes: one per island with namespaces, and the {@link STRINGS_FILES}. */
export const stringsFileNames = (): string[] => [...Object.keys(ISLAND_NAMESPACES), ...Object.keys(STRINGS_FILES)]

/** The strings of island or strings file `name` alone, as the build writes them for the client to fetch (empty if it has none). */
export function lazyMessages(table: Record<string, unknown>, name: string): Record<string, unknown> {
  return pickNamespaces(table, ISLAND_NAMESPACES[name] ?? STRINGS_FILES[name] ?? [])
}

/** URL of `island`'s strings in `locale`; `base` is the build's hashed prefix (`manifest.messages`). */
export const lazyMessagesUrl = (base: string, locale: string, island: string) => `${base}-${locale}-${island}.json`

/** Merges `extra` into `table` branch by branch (both trees of strings); returns a new table. */
export function mergeMessages(table: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...table }
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key]
    merged[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? mergeMessages(current as Record<string, unknown>, value as Record<string, unknown>)
        : value
  }
  return merged
}

/** id of the `<script type="application/json">` element carrying the client messages. */
export const CLIENT_MESSAGES_ELEMENT_ID = 'i18n'

/**
 * The tabs of the skin page's commands box, in display order: vanilla `/give` per game version,
 * plugin commands, code snippets (reference/mineskin-api.md §3.5). The server renders the chosen tab
 * (`?command=<id>`, so every tab is reachable without JavaScript); the copy island rebuilds a tab in
 * place from the same table.
 * @module
 */
import type { MessageKey } from '../i18n/translator'
import { authlibSnippet, paperSnippet } from './code-snippets'
import { give112, give113, give116, give121, give1215, type CommandSkin } from './give-commands'
import { citizensCommand, skinsRestorerCommand, taterzensCommand } from './plugin-commands'

/** What a tab belongs to. */
export type CommandGroup = 'vanilla' | 'plugins' | 'code'

/** One tab: its id (query value), group, label and builder. */
export interface CommandTab {
  id: string
  group: CommandGroup
  /** Version numbers and product names are not translated. */
  label: string
  build: (skin: CommandSkin) => string
}

/** Every tab; the first is the default. */
export const COMMAND_TABS: readonly CommandTab[] = [
  { id: 'give-1.21.5', group: 'vanilla', label: '1.21.5+', build: give1215 },
  { id: 'give-1.21', group: 'vanilla', label: '1.21', build: give121 },
  { id: 'give-1.16', group: 'vanilla', label: '1.16', build: give116 },
  { id: 'give-1.13', group: 'vanilla', label: '1.13', build: give113 },
  { id: 'give-1.12', group: 'vanilla', label: '1.12', build: give112 },
  { id: 'citizens', group: 'plugins', label: 'Citizens', build: citizensCommand },
  { id: 'taterzens', group: 'plugins', label: 'Taterzens', build: taterzensCommand },
  { id: 'skinsrestorer', group: 'plugins', label: 'SkinsRestorer', build: skinsRestorerCommand },
  { id: 'paper', group: 'code', label: 'Paper', build: paperSnippet },
  { id: 'authlib', group: 'code', label: 'authlib', build: authlibSnippet },
]

/** The groups in display order. */
export const COMMAND_GROUPS: readonly CommandGroup[] = ['vanilla', 'plugins', 'code']

/** The hint under the field, per group. */
export const COMMAND_HINT_KEY: Record<CommandGroup, MessageKey> = {
  vanilla: 'pages.skin.commands.vanillaHint',
  plugins: 'pages.skin.commands.pluginsHint',
  code: 'pages.skin.commands.codeHint',
}

/** The tab with `id`, or the default tab for anything else (an unknown query value is no error). */
export const commandTab = (id: string | null | undefined): CommandTab => COMMAND_TABS.find((tab) => tab.id === id) ?? COMMAND_TABS[0]!

/** What the page hands the browser besides the data fields: the name shown and the generation time. */
export type CommandFacts = Pick<CommandSkin, 'name' | 'timestamp'>

/** The full command input from the page's facts, its direct link (`${publicUrl}/{uuid}`) and the signed strings. */
export function commandSkin(facts: CommandFacts, link: string, value: string, signature: string): CommandSkin {
  const url = new URL(link)
  return { ...facts, uuid: url.pathname.split('/').pop() ?? '', link, via: url.host, value, signature }
}

/** Query parameter that selects the tab. */
export const COMMAND_QUERY = 'command'

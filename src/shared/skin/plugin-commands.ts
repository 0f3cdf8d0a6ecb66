/**
 * NPC and skin plugin commands that take the skin by its direct link (reference/mineskin-api.md §3.5):
 * the plugins fetch the link, which answers with the skin's JSON, so they reuse the signed texture.
 * @module
 */
import type { CommandSkin } from './give-commands'

/** Citizens: set the selected NPC's skin. */
export const citizensCommand = (skin: Pick<CommandSkin, 'link'>): string => `/npc skin --url ${skin.link}`

/** Taterzens: set the selected NPC's skin. */
export const taterzensCommand = (skin: Pick<CommandSkin, 'link'>): string => `/npc edit skin ${skin.link}`

/** SkinsRestorer: wear the skin yourself (the URL quoted, as the plugin's parser expects). */
export const skinsRestorerCommand = (skin: Pick<CommandSkin, 'link'>): string => `/skin url "${skin.link}"`

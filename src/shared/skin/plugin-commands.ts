/**
 * NPC and skin plugin commands that take the skin by its direct link `${PUBLIC_URL}/{uuid}`
 * (reference/mineskin-api.md §3.5): the plugins hand the link to a MineSkin API, which downloads it as
 * an image. The link answers the texture PNG to any client that does not ask for HTML (browsers get the
 * skin page; src/server/middleware/skin-link-png.ts). Our own generator recognises
 * the link (src/api/fetch/skin-links.ts) and answers with the stored skin instead of downloading it.
 * @module
 */
import type { CommandSkin } from './give-commands'

/** Citizens: set the selected NPC's skin. */
export const citizensCommand = (skin: Pick<CommandSkin, 'link'>): string => `/npc skin --url ${skin.link}`

/** Taterzens: set the selected NPC's skin. */
export const taterzensCommand = (skin: Pick<CommandSkin, 'link'>): string => `/npc edit skin ${skin.link}`

/** SkinsRestorer: wear the skin yourself (the URL quoted, as the plugin's parser expects). */
export const skinsRestorerCommand = (skin: Pick<CommandSkin, 'link'>): string => `/skin url "${skin.link}"`

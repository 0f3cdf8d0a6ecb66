/**
 * Java snippets that build a profile carrying the signed texture (reference/mineskin-api.md §3.5):
 * Paper's `PlayerProfile`/`ProfileProperty` and Mojang authlib's `GameProfile`/`Property`.
 * @module
 */
import { dashedUuid, generatedOn, type CommandSkin } from './give-commands'

/** Contents of a Java string literal. */
const javaString = (text: string): string => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')

/** `// Skin <id> generated on <UTC date> via <host> - <link>` */
const header = (skin: CommandSkin): string => `// Skin ${skin.uuid.slice(0, 8)} generated on ${generatedOn(skin.timestamp)} via ${skin.via} - ${skin.link}`

/** Variable (and profile) name: `skin` + the first 8 hex digits of the uuid. */
const variable = (skin: CommandSkin): string => `skin${skin.uuid.slice(0, 8)}`

/** Paper API. */
export function paperSnippet(skin: CommandSkin): string {
  const v = variable(skin)
  return [
    header(skin),
    `PlayerProfile ${v} = Bukkit.createProfile(UUID.fromString("${dashedUuid(skin.uuid)}"), "${v}");`,
    `${v}.setProperty(new ProfileProperty("textures", "${javaString(skin.value)}", "${javaString(skin.signature)}"));`,
  ].join('\n')
}

/** Mojang authlib. */
export function authlibSnippet(skin: CommandSkin): string {
  const v = variable(skin)
  return [
    header(skin),
    `GameProfile ${v} = new GameProfile(UUID.fromString("${dashedUuid(skin.uuid)}"), "${v}");`,
    `${v}.getProperties().put("textures", new Property("textures", "${javaString(skin.value)}", "${javaString(skin.signature)}"));`,
  ].join('\n')
}

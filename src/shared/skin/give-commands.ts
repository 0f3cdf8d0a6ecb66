/**
 * Vanilla `/give` commands for a player head wearing a skin, one format per game version, exactly as
 * the anchor's skin page writes them (reference/mineskin-api.md §3.5 "Instructions card"): the head's
 * profile carries the signed `textures` property, and its name and lore say where the skin is from.
 * Plain string building, no dependencies: the server renders them and the browser rebuilds them when
 * a command tab is switched in place.
 * @module
 */

/** What every command and snippet is built from. */
export interface CommandSkin {
  /** Skin uuid, 32 hex digits. */
  uuid: string
  /** The name shown for the skin (its own name or the seeded one). */
  name: string
  /** Signed texture value (base64). */
  value: string
  /** Texture signature (base64). */
  signature: string
  /** Generation time, epoch ms. */
  timestamp: number
  /** This site's direct link to the skin, `${publicUrl}/{uuid}`. */
  link: string
  /** Who made it, for the lore line 'via …' (our host name). */
  via: string
}

/** `8-4-4-4-12` form of a 32-hex uuid (1.12 and 1.13 heads take the dashed string). */
export function dashedUuid(uuid: string): string {
  const u = uuid.replace(/-/g, '').toLowerCase()
  return `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`
}

/**
 * The uuid as four big-endian signed 32-bit integers, the int-array form 1.16+ stores uuids in
 * (the anchor's `getInt32ForUUID`, reference/mineskin-api.md §3.5).
 */
export function uuidToInts(uuid: string): [number, number, number, number] {
  const u = uuid.replace(/-/g, '')
  const word = (i: number) => Number.parseInt(u.slice(i * 8, i * 8 + 8), 16) | 0
  return [word(0), word(1), word(2), word(3)]
}

/** `[I;a,b,c,d]`, the SNBT int array of a uuid. */
export const uuidIntArray = (uuid: string): string => `[I;${uuidToInts(uuid).join(',')}]`

/** Contents of a double-quoted SNBT string: backslash and double quote escaped. */
export const snbtDouble = (text: string): string => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')

/** Contents of a single-quoted SNBT string: backslash and single quote escaped. */
export const snbtSingle = (text: string): string => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")

/** A JSON text component `{"text":"…"}` (1.13–1.21 names and lore are JSON strings). */
const jsonText = (text: string): string => JSON.stringify({ text })

/** 'generated on …': the UTC date the anchor prints (`Date.toUTCString`). */
export const generatedOn = (timestamp: number): string => new Date(timestamp).toUTCString()

/** The four lore lines: 'Skin <first 8 of uuid>', 'generated on <UTC date>', 'via <host>', the direct link. */
export function loreLines(skin: CommandSkin): string[] {
  return [`Skin ${skin.uuid.slice(0, 8)}`, `generated on ${generatedOn(skin.timestamp)}`, `via ${skin.via}`, skin.link]
}

/** 1.21.5+: item components with SNBT text components. */
export function give1215(skin: CommandSkin): string {
  const text = (s: string) => `{text:"${snbtDouble(s)}"}`
  return (
    `give @p minecraft:player_head[profile={id:${uuidIntArray(skin.uuid)},properties:[{name:"textures",value:"${snbtDouble(skin.value)}",signature:"${snbtDouble(skin.signature)}"}]},` +
    `minecraft:custom_name=${text(skin.name)},minecraft:lore=[${loreLines(skin).map(text).join(',')}]]`
  )
}

/** 1.21 (1.20.5–1.21.4): item components whose name and lore are JSON strings in single quotes. */
export function give121(skin: CommandSkin): string {
  const text = (s: string) => `'${snbtSingle(jsonText(s))}'`
  return (
    `give @p minecraft:player_head[profile={id:${uuidIntArray(skin.uuid)},properties:[{name:"textures",value:"${snbtDouble(skin.value)}",signature:"${snbtDouble(skin.signature)}"}]},` +
    `minecraft:custom_name=${text(skin.name)},minecraft:lore=[${loreLines(skin).map(text).join(',')}]]`
  )
}

/** The NBT tail shared by 1.13 and 1.16: SkullOwner with `id`, then display with JSON-string name and lore. */
function skullOwnerNbt(skin: CommandSkin, id: string): string {
  const text = (s: string) => `"${snbtDouble(jsonText(s))}"`
  return (
    `{SkullOwner:{Id:${id},Properties:{textures:[{Value:"${snbtDouble(skin.value)}",Signature:"${snbtDouble(skin.signature)}"}]}},` +
    `display:{Name:${text(skin.name)},Lore:[${loreLines(skin).map(text).join(',')}]}}`
  )
}

/** 1.16–1.20.4: NBT with the int-array uuid. */
export const give116 = (skin: CommandSkin): string => `give @p minecraft:player_head${skullOwnerNbt(skin, uuidIntArray(skin.uuid))}`

/** 1.13–1.15: NBT with the dashed uuid, unquoted as the anchor writes it (a valid unquoted SNBT string). */
export const give113 = (skin: CommandSkin): string => `give @p minecraft:player_head${skullOwnerNbt(skin, dashedUuid(skin.uuid))}`

/** 1.12 and older: `minecraft:skull 1 3` (damage 3 = player head), plain-string name and lore. */
export function give112(skin: CommandSkin): string {
  const text = (s: string) => `"${snbtDouble(s)}"`
  return (
    `/give @p minecraft:skull 1 3 {SkullOwner:{Id:${dashedUuid(skin.uuid)},Properties:{textures:[{Value:"${snbtDouble(skin.value)}",Signature:"${snbtDouble(skin.signature)}"}]}},` +
    `display:{Name:${text(skin.name)},Lore:[${loreLines(skin).map(text).join(',')}]}}`
  )
}

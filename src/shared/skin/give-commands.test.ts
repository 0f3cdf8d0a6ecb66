import { describe, expect, test } from 'bun:test'
import { authlibSnippet, paperSnippet } from './code-snippets'
import { dashedUuid, give112, give113, give116, give121, give1215, uuidIntArray, uuidToInts, type CommandSkin } from './give-commands'
import { citizensCommand, skinsRestorerCommand, taterzensCommand } from './plugin-commands'
import { COMMAND_TABS, commandSkin, commandTab } from './skin-commands'

const skin: CommandSkin = {
  uuid: 'eacb71dd24e14d46b4b2412765944e35',
  name: 'Emerald Swordtail',
  value: 'dmFsdWU=',
  signature: 'c2lnbmF0dXJl',
  timestamp: Date.UTC(2026, 10, 18, 6, 55, 40),
  link: 'https://skins.example/eacb71dd24e14d46b4b2412765944e35',
  via: 'skins.example',
}
const DATE = 'Wed, 18 Nov 2026 06:55:40 GMT'
const INTS = '[I;-355765795,618745158,-1263386329,1704218165]'
const DASHED = 'eacb71dd-24e1-4d46-b4b2-412765944e35'

describe('uuid forms', () => {
  test('four big-endian signed int32 (independently computed with struct.unpack(">4i"))', () => {
    expect(uuidToInts(skin.uuid)).toEqual([-355765795, 618745158, -1263386329, 1704218165])
    expect(uuidIntArray('00000000-0000-0000-0000-000000000001')).toBe('[I;0,0,0,1]')
    expect(uuidToInts('7fffffff80000000ffffffff00000000')).toEqual([2147483647, -2147483648, -1, 0])
  })
  test('dashed', () => {
    expect(dashedUuid(skin.uuid)).toBe(DASHED)
    expect(dashedUuid(DASHED.toUpperCase())).toBe(DASHED)
  })
})

describe('vanilla /give', () => {
  test('1.21.5+: profile component, SNBT text components', () => {
    expect(give1215(skin)).toBe(
      `give @p minecraft:player_head[profile={id:${INTS},properties:[{name:"textures",value:"dmFsdWU=",signature:"c2lnbmF0dXJl"}]},` +
        `minecraft:custom_name={text:"Emerald Swordtail"},minecraft:lore=[{text:"Skin eacb71dd"},{text:"generated on ${DATE}"},{text:"via skins.example"},{text:"${skin.link}"}]]`,
    )
  })
  test('1.21: JSON-string name and lore in single quotes', () => {
    expect(give121(skin)).toBe(
      `give @p minecraft:player_head[profile={id:${INTS},properties:[{name:"textures",value:"dmFsdWU=",signature:"c2lnbmF0dXJl"}]},` +
        `minecraft:custom_name='{"text":"Emerald Swordtail"}',minecraft:lore=['{"text":"Skin eacb71dd"}','{"text":"generated on ${DATE}"}','{"text":"via skins.example"}','{"text":"${skin.link}"}']]`,
    )
  })
  test('1.16: SkullOwner with int-array Id, escaped JSON display', () => {
    expect(give116(skin)).toBe(
      `give @p minecraft:player_head{SkullOwner:{Id:${INTS},Properties:{textures:[{Value:"dmFsdWU=",Signature:"c2lnbmF0dXJl"}]}},` +
        `display:{Name:"{\\"text\\":\\"Emerald Swordtail\\"}",Lore:["{\\"text\\":\\"Skin eacb71dd\\"}","{\\"text\\":\\"generated on ${DATE}\\"}","{\\"text\\":\\"via skins.example\\"}","{\\"text\\":\\"${skin.link}\\"}"]}}`,
    )
  })
  test('1.13: the same with the dashed uuid', () => {
    expect(give113(skin)).toBe(give116(skin).replace(`Id:${INTS}`, `Id:${DASHED}`))
    expect(give113(skin)).toStartWith(`give @p minecraft:player_head{SkullOwner:{Id:${DASHED},Properties:`)
  })
  test('1.12: minecraft:skull 1 3, plain-string name and lore', () => {
    expect(give112(skin)).toBe(
      `/give @p minecraft:skull 1 3 {SkullOwner:{Id:${DASHED},Properties:{textures:[{Value:"dmFsdWU=",Signature:"c2lnbmF0dXJl"}]}},` +
        `display:{Name:"Emerald Swordtail",Lore:["Skin eacb71dd","generated on ${DATE}","via skins.example","${skin.link}"]}}`,
    )
  })
  test('quotes and backslashes in a name are escaped for each format', () => {
    const odd = { ...skin, name: `Bob's "best" \\ skin` }
    expect(give1215(odd)).toContain(`custom_name={text:"Bob's \\"best\\" \\\\ skin"}`)
    // JSON first ("→\", \→\\), then the single-quoted SNBT layer (' → \', \ → \\).
    expect(give121(odd)).toContain(`custom_name='{"text":"Bob\\'s \\\\"best\\\\" \\\\\\\\ skin"}'`)
    expect(give116(odd)).toContain(`Name:"{\\"text\\":\\"Bob's \\\\\\"best\\\\\\" \\\\\\\\ skin\\"}"`)
    expect(give112(odd)).toContain(`Name:"Bob's \\"best\\" \\\\ skin"`)
  })
})

describe('plugins and code', () => {
  test('plugin commands use the direct link', () => {
    expect(citizensCommand(skin)).toBe(`/npc skin --url ${skin.link}`)
    expect(taterzensCommand(skin)).toBe(`/npc edit skin ${skin.link}`)
    expect(skinsRestorerCommand(skin)).toBe(`/skin url "${skin.link}"`)
  })
  test('Paper', () => {
    expect(paperSnippet(skin)).toBe(
      [
        `// Skin eacb71dd generated on ${DATE} via skins.example - ${skin.link}`,
        `PlayerProfile skineacb71dd = Bukkit.createProfile(UUID.fromString("${DASHED}"), "skineacb71dd");`,
        `skineacb71dd.setProperty(new ProfileProperty("textures", "dmFsdWU=", "c2lnbmF0dXJl"));`,
      ].join('\n'),
    )
  })
  test('authlib', () => {
    expect(authlibSnippet(skin)).toBe(
      [
        `// Skin eacb71dd generated on ${DATE} via skins.example - ${skin.link}`,
        `GameProfile skineacb71dd = new GameProfile(UUID.fromString("${DASHED}"), "skineacb71dd");`,
        `skineacb71dd.getProperties().put("textures", new Property("textures", "dmFsdWU=", "c2lnbmF0dXJl"));`,
      ].join('\n'),
    )
  })
})

describe('tabs', () => {
  test('the browser rebuilds the same input from the facts, the direct link and the signed strings', () => {
    expect(commandSkin({ name: skin.name, timestamp: skin.timestamp }, skin.link, skin.value, skin.signature)).toEqual(skin)
    expect(commandSkin({ name: 'x', timestamp: 0 }, `https://example.org/app/${skin.uuid}`, 'v', 's')).toMatchObject({ uuid: skin.uuid, via: 'example.org' })
  })

  test('ten tabs with unique ids; unknown ids fall back to 1.21.5+', () => {
    expect(new Set(COMMAND_TABS.map((t) => t.id)).size).toBe(10)
    expect(commandTab('give-1.16').build).toBe(give116)
    expect(commandTab('nope').id).toBe('give-1.21.5')
    expect(commandTab(undefined).id).toBe('give-1.21.5')
  })
})

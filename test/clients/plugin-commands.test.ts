/**
 * The plugin commands of the skin page, run the way each plugin runs them: the
 * command is read from the page, its argument parsed as the plugin's command parser does, and the
 * plugin's own MineSkin request sent — once to another MineSkin-compatible instance, which downloads
 * our link as an image (the plugin as shipped, pointed at api.mineskin.org), and once to this site's
 * `/api` (the plugin pointed at this instance). Both must end in the skin's texture.
 * - Citizens2 `/npc skin --url <link>`: `MojangSkinGenerator.generateFromURL` POSTs JSON
 *   `{"url", "name": ""}` to `/generate/url` and reads `data.texture`.
 * - SkinsRestorer 15.4 `/skin url "<link>"`: `MineSkinAPIImpl` POSTs JSON `{visibility: 0, url}`.
 * - Taterzens `/npc edit skin <link>`: takes the last path segment as a MineSkin id, GETs
 *   `/get/uuid/<id>`, refuses any reply containing `error`, and splits out `"value":"` / `"signature":"`.
 *   Stock Taterzens asks api.mineskin.org only, so this works once its URL points at this instance.
 * @module
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApi as startGenerator, type TestApi as GeneratorApi } from '../../src/api/testing/api-harness'
import { decodeTexturesValue, hashFromTextureUrl } from '../../src/api/profiles/textures-value'
import { startTestApi, type TestApi } from '../support/embedded-api'
import { createTestApp } from '../support/web-app'

let site: TestApi
let server: ReturnType<typeof Bun.serve>
let app: ReturnType<typeof createTestApp>
let other: GeneratorApi
let origin: string
let skin: { uuid: string; value: string; signature: string; hash: string }

beforeAll(async () => {
  // The site listens on loopback so another instance can download its links over real HTTP.
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => app.fetch(req) })
  origin = `http://127.0.0.1:${server.port}`
  site = await startTestApi(1, { PUBLIC_URL: origin })
  app = createTestApp({ publicUrl: origin, api: { fetch: site.api.fetch, inProcess: true } })
  const list = (await (await app.request('/api/v2/skins?size=1')).json()) as { skins: { uuid: string }[] }
  const full = (await (await app.request(`/api/v2/skins/${list.skins[0]!.uuid}`)).json()) as any
  skin = { uuid: full.skin.uuid, value: full.skin.texture.data.value, signature: full.skin.texture.data.signature, hash: full.skin.texture.hash.skin }
  // A second, independent MineSkin-compatible generator: it may fetch this site's loopback address.
  other = await startGenerator({ env: { FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${server.port}` } })
}, 60_000)
afterAll(async () => {
  await other?.close()
  server?.stop(true)
  await site?.dispose()
})

/** The command text of tab `id` on the skin page (English: no Accept-Language), as a user copies it. */
async function commandOf(id: string): Promise<string> {
  const html = await (await app.request(`/skins/${skin.uuid}?command=${id}`, { headers: { accept: 'text/html' } })).text()
  const m = /<textarea id="skin-command"[^>]*>([^<]*)<\/textarea>/.exec(html)
  if (!m) throw new Error(`no command box for ${id}`)
  return m[1]!.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/** The texture hash a signed value names. */
const hashOfValue = (value: string) => hashFromTextureUrl(decodeTexturesValue(value).textures.SKIN!.url)

/** Calls this site's API as a plugin configured with `<site>/api` as its MineSkin base. */
const ours = (path: string, init?: RequestInit) => app.request(`/api${path}`, init)

describe('Citizens: /npc skin --url <link>', () => {
  /** Citizens' flag parser: the token after `--url`. */
  const link = (command: string) => {
    const words = command.trim().split(/\s+/)
    return words[words.indexOf('--url') + 1]!
  }
  /** `generateFromURL`: json-simple output with backslashes stripped, Citizens' headers. */
  const request = (url: string): RequestInit => ({
    method: 'POST',
    headers: { 'user-agent': 'Citizens/2.0', 'cache-control': 'no-cache', accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ name: '', url }).replace(/\\/g, ''),
  })

  test('the command names the direct link', async () => {
    expect(link(await commandOf('citizens'))).toBe(`${origin}/${skin.uuid}`)
  })

  test('through another MineSkin-compatible generator: it downloads the link as a PNG and signs the same texture', async () => {
    const res = await other.call('/generate/url', request(link(await commandOf('citizens'))))
    expect(res.status).toBe(200)
    const json = (await res.json()) as any
    expect(hashOfValue(json.data.texture.value)).toBe(skin.hash)
  })

  test('through this instance: the link is recognised and the existing signed texture comes back', async () => {
    const res = await ours('/generate/url', request(link(await commandOf('citizens'))))
    expect(res.status).toBe(200)
    const json = (await res.json()) as any
    expect(json.uuid).toBe(skin.uuid)
    expect(json.data.texture.value).toBe(skin.value)
    expect(json.data.texture.signature).toBe(skin.signature)
    expect(json.duplicate).toBe(true)
  })
})

describe('SkinsRestorer: /skin url "<link>"', () => {
  /** The quoted string argument. */
  const link = (command: string) => /"([^"]+)"/.exec(command)![1]!
  const request = (url: string): RequestInit => ({
    method: 'POST',
    headers: { 'user-agent': 'SkinsRestorer/MineSkinAPI', accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ visibility: 0, url }),
  })

  test('through another MineSkin-compatible generator: the same texture', async () => {
    const res = await other.call('/generate/url', request(link(await commandOf('skinsrestorer'))))
    expect(res.status).toBe(200)
    expect(hashOfValue(((await res.json()) as any).data.texture.value)).toBe(skin.hash)
  })

  test('through this instance: the existing skin (SkinsRestorer reads idStr and data.texture)', async () => {
    const res = await ours('/generate/url', request(link(await commandOf('skinsrestorer'))))
    const json = (await res.json()) as any
    expect(res.status).toBe(200)
    expect(json.idStr).toMatch(/^\d+$/)
    expect(json.data.texture.value).toBe(skin.value)
    expect(json.data.texture.signature).toBe(skin.signature)
  })
})

describe('Taterzens: /npc edit skin <link>', () => {
  /** `id.contains(":")` → the text after the last `/` is the MineSkin id. */
  const idOf = (command: string) => {
    const arg = command.trim().replace(/^\/npc edit skin\s+/, '')
    expect(arg.includes(':')).toBe(true)
    return arg.slice(arg.lastIndexOf('/') + 1)
  }

  test('through this instance: /get/uuid/<id> answers without "error" and the split-out value and signature are the skin’s', async () => {
    const res = await ours(`/get/uuid/${idOf(await commandOf('taterzens'))}`)
    expect(res.status).toBe(200)
    // `Scanner.next()` drops whitespace; the reply must not contain "error" anywhere.
    const reply = (await res.text()).split(/\s+/).join('')
    expect(reply.includes('error')).toBe(false)
    const value = reply.split('"value":"')[1]!.split('"')[0]
    const signature = reply.split('"signature":"')[1]!.split('"')[0]
    expect(value).toBe(skin.value)
    expect(signature).toBe(skin.signature)
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { uploadForm } from '../../api/testing/api-harness'
import { startTestApi, type TestApi } from '../../../test/support/embedded-api'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { createTestApp } from '../../../test/support/web-app'
import { DEFAULT_FLAGS } from '../../shared/flags'
import type { SkinInfo } from '../../shared/schemas/api'
import { give112, give1215 } from '../../shared/skin/give-commands'
import { paperSnippet } from '../../shared/skin/code-snippets'
import { islandPropsIn } from '../../../test/support/island-props'

let backend: TestApi
let app: ReturnType<typeof createTestApp>
let owner = ''

const api = async (path: string, init: RequestInit = {}) => {
  const response = await backend.api.fetch(new Request(`http://api.internal${path}`, { ...init, headers: { cookie: owner, ...init.headers } }))
  return { response, body: (await response.json()) as { skin: SkinInfo; job: { id: string; result: string }; skins: { uuid: string }[] } }
}

/** Generates a skin as `owner` and returns it. */
async function make(seed: number, fields: Record<string, string>): Promise<SkinInfo> {
  const queued = await api('/v2/queue', { method: 'POST', body: uploadForm(paintedSkinPng(seed), fields) })
  await backend.api.idle()
  const job = await api(`/v2/queue/${queued.body.job.id}`)
  return (await api(`/v2/skins/${job.body.job.result}`)).body.skin
}

const page = async (path: string) => {
  const response = await app.request(path)
  return { response, html: response.status < 300 ? await response.text() : '' }
}
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&')
const ld = (html: string) => JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>
const textarea = (html: string, id: string) => new DOMParserLite(html).textarea(id)

/** Reads a textarea's text back (React escapes &, <, > and quotes). */
class DOMParserLite {
  constructor(private html: string) {}
  textarea(id: string) {
    const raw = new RegExp(`<textarea id="${id}"[^>]*>([^<]*)</textarea>`).exec(this.html)?.[1] ?? ''
    return raw.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  }
}

/** The page's one "Wear this skin" form: where it posts, its hidden fields and its button's markup. */
function wearForm(html: string) {
  const forms = [...html.matchAll(/<form ([^>]*class="wear-form"[^>]*)>(.*?)<\/form>/g)]
  expect(forms.length).toBe(1)
  const [, attributes, inner] = forms[0]!
  expect(attributes).toContain('method="post"')
  const action = /action="([^"]*)"/.exec(attributes!)?.[1]
  const fields = Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]))
  return { action, fields, button: /<button type="submit"[^>]*>.*?<\/button>/.exec(inner!)?.[0] ?? '' }
}

let named: SkinInfo
let unlisted: SkinInfo
let deleted: SkinInfo

beforeAll(async () => {
  backend = await startTestApi(12, { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000', LIMIT_ANONYMOUS_PENDING: '50' })
  app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true } })
  owner = (await backend.api.fetch(new Request('http://api.internal/v2/queue'))).headers.get('set-cookie')!.split(';')[0]!
  named = await make(9101, { name: 'Quote Knight' })
  unlisted = await make(9102, { name: 'Hidden Knight', visibility: 'unlisted' })
  deleted = await make(9103, { name: 'Doomed Knight' })
  expect((await api(`/v2/skins/${deleted.uuid}`, { method: 'DELETE' })).response.status).toBe(200)
}, 60_000)
afterAll(() => backend?.dispose())

describe('skin page', () => {
  test('English: title, canonical, og:image, description, JSON-LD, facts and copy fields', async () => {
    const { response, html } = await page(`/skins/${named.uuid}`)
    expect(response.status).toBe(200)
    expect(html).toContain('<title>Quote Knight - Skin Signature Generator</title>')
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`http://skins.test/skins/${named.uuid}`)
    const image = attr(html, /<meta property="og:image" content="([^"]+)"/)
    // The render at the route's defaults has no query (src/shared/render-url.ts); slim arms are asked for.
    expect(image).toBe(`http://skins.test/render/body/${named.texture.hash.skin}${named.variant === 'slim' ? '?scale=10&overlay=true&slim=true' : ''}`)
    expect(html).toContain('<meta name="twitter:card" content="summary"/>')
    expect(html).not.toContain('name="robots"')
    // English pages take the API's description (GET /v2/skins/{id}/meta).
    const meta = (await (await backend.api.fetch(new Request(`http://api.internal/v2/skins/${named.uuid}/meta`))).json()) as { meta: { description: string } }
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBe(meta.meta.description.replace(/"/g, '&quot;'))
    const data = ld(html)
    expect(data).toMatchObject({ '@type': 'WebPage', name: 'Quote Knight', url: `http://skins.test/skins/${named.uuid}`, image, inLanguage: 'en' })
    expect(html).toContain(`id="skin-short-id">${named.shortId}</code>`)
    // Generated through the queue: the date and how long it took.
    expect(html).toMatch(/<time id="skin-time" dateTime="[0-9T:.-]+Z">[^<]+UTC<\/time><span class="skin-facts__sub">took [0-9.,]+ (ms|s)<\/span>/)
    expect(textarea(html, 'skin-value')).toBe(named.texture.data.value)
    expect(textarea(html, 'skin-signature')).toBe(named.texture.data.signature)
    expect(attr(html, /id="skin-link"[^>]*value="([^"]+)"/)).toBe(`http://skins.test/${named.uuid}`)
    expect(html).toContain(`href="/textures/${named.texture.hash.skin}?attachment"`)
    // Copy buttons come with the island, which is on the page, at the six places the page marks.
    expect([...html.matchAll(/data-copies="([a-z-]+)"/g)].map((m) => m[1])).toEqual(['skin-short-id', 'skin-link', 'skin-value', 'skin-signature', 'skin-texture', 'skin-command'])
    expect(html).not.toContain('<button type="button" class="copy-button"')
    expect(islandPropsIn(html, 'copy-buttons')).toEqual({ copy: 'Copy', copied: 'Copied' })
  })

  test('commands: 1.21.5+ by default, every tab a link, ?command= picks one', async () => {
    const { html } = await page(`/skins/${named.uuid}`)
    const input = {
      uuid: named.uuid,
      name: 'Quote Knight',
      value: named.texture.data.value,
      signature: named.texture.data.signature,
      timestamp: named.generator.timestamp,
      link: `http://skins.test/${named.uuid}`,
      via: 'skins.test',
    }
    expect(textarea(html, 'skin-command')).toBe(give1215(input))
    for (const id of ['give-1.21.5', 'give-1.21', 'give-1.16', 'give-1.13', 'give-1.12', 'citizens', 'taterzens', 'skinsrestorer', 'paper', 'authlib'])
      expect(html).toContain(`href="?command=${id}#commands"`)
    expect(textarea((await page(`/skins/${named.uuid}?command=give-1.12`)).html, 'skin-command')).toBe(give112(input))
    expect(textarea((await page(`/skins/${named.uuid}?command=paper`)).html, 'skin-command')).toBe(paperSnippet(input))
    expect(textarea((await page(`/skins/${named.uuid}?command=citizens`)).html, 'skin-command')).toBe(`/npc skin --url http://skins.test/${named.uuid}`)
    // An unknown tab is no error: the default shows.
    const odd = await page(`/skins/${named.uuid}?command=nope`)
    expect(odd.response.status).toBe(200)
    expect(textarea(odd.html, 'skin-command')).toBe(give1215(input))
  })

  test('German: localised title and canonical, translated description and commands box', async () => {
    const { response, html } = await page(`/de/skins/${named.uuid}`)
    expect(response.status).toBe(200)
    expect(html).toContain('<html lang="de"')
    expect(html).toContain('<title>Quote Knight - Skin Signature Generator</title>')
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`http://skins.test/de/skins/${named.uuid}`)
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toContain('Quote Knight')
    expect(html).toContain('Befehle und Code')
    expect(islandPropsIn(html, 'copy-buttons')).toMatchObject({ copy: 'Kopieren' })
    expect(ld(html)).toMatchObject({ inLanguage: 'de', url: `http://skins.test/de/skins/${named.uuid}` })
  })

  test('"Wear this skin" is a plain form (no JavaScript) posting the skin and the page to come back to, in the page\'s language', async () => {
    for (const [prefix, label, lang] of [
      ['', 'Wear this skin', 'en'],
      ['/de', 'Diesen Skin tragen', 'de'],
    ] as const) {
      for (const skin of [named, unlisted]) {
        const form = wearForm((await page(`${prefix}/skins/${skin.uuid}`)).html)
        expect(form.action).toBe(`/account/minecraft/wear?lang=${lang}`)
        expect(form.fields).toEqual({ skin: skin.uuid, back: `${prefix}/skins/${skin.uuid}` })
        expect(form.button).toContain(label)
      }
    }
  })

  test('with the account site on another origin, the form posts there and the page policy lets it', async () => {
    const elsewhere = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true }, accountUrl: 'https://accounts.example/' })
    const response = await elsewhere.request(`/pl/skins/${named.uuid}`)
    const form = wearForm(await response.text())
    expect(form.action).toBe('https://accounts.example/minecraft/wear?lang=pl')
    expect(form.fields.back).toBe(`/pl/skins/${named.uuid}`)
    expect(response.headers.get('content-security-policy')).toMatch(/form-action [^;]*https:\/\/accounts\.example[ ;]/)
  })

  test('tags give a breadcrumb through the first tag search', async () => {
    const list = (await api('/v2/skins?size=8')).body.skins
    const tagged = await Promise.all(list.map(async (s) => (await api(`/v2/skins/${s.uuid}`)).body.skin))
    const skin = tagged.find((s) => s.tags?.length)
    expect(skin).toBeDefined()
    const data = ld((await page(`/skins/${skin!.uuid}`)).html) as { url: string; breadcrumb: { itemListElement: { item?: string; name: string }[] } }
    const first = skin!.tags![0]!.tag
    // The last item is the page itself (its URL is the page's `url`, not repeated).
    expect(data.breadcrumb.itemListElement.map((i) => i.item)).toEqual(['http://skins.test/skins', `http://skins.test/skins?search=${new URLSearchParams({ q: first }).toString().slice(2)}`, undefined])
    expect(data.breadcrumb.itemListElement[2]!.name).toEqual(skin!.name ?? expect.any(String))
    expect(data.url).toContain(`/skins/${skin!.uuid}`)
  })

  test('similar skins: head renders from /similar when the flag is on, none when off', async () => {
    const list = (await api('/v2/skins?size=20')).body.skins
    const withSimilar: { uuid: string; similar: { uuid: string }[] }[] = []
    for (const s of list) {
      const similar = (await api(`/v2/skins/${s.uuid}/similar`)).body.skins
      if (similar.length) withSimilar.push({ uuid: s.uuid, similar })
    }
    expect(withSimilar.length).toBeGreaterThan(0)
    const { uuid, similar } = withSimilar[0]!
    const { html } = await page(`/skins/${uuid}`)
    expect(html).toContain('Similar skins')
    for (const s of similar.slice(0, 8)) expect(html).toContain(`href="/skins/${s.uuid}"`)
    const off = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true }, flags: async () => ({ ...DEFAULT_FLAGS, 'web.show_similar': false }) })
    const plain = await (await off.request(`/skins/${uuid}`)).text()
    expect(plain).not.toContain('skin-page__similar')
    // A skin without similar ones gets no empty card.
    const lonely = list.find((s) => !withSimilar.some((w) => w.uuid === s.uuid))
    if (lonely) expect(await (await app.request(`/skins/${lonely.uuid}`)).text()).not.toContain('skin-page__similar')
  })

  test('short id and dashed uuid answer 301 to the uuid path (language and tab kept)', async () => {
    const short = await app.request(`/skins/${named.shortId}`)
    expect(short.status).toBe(301)
    expect(short.headers.get('location')).toBe(`/skins/${named.uuid}`)
    const dashed = named.uuid.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
    const de = await app.request(`/de/skins/${dashed}?command=paper`)
    expect(de.status).toBe(301)
    expect(de.headers.get('location')).toBe(`/de/skins/${named.uuid}?command=paper`)
  })

  test('unlisted: shown by link, marked, and kept out of indexes', async () => {
    const { response, html } = await page(`/skins/${unlisted.uuid}`)
    expect(response.status).toBe(200)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('Unlisted: this skin is not in the gallery or search.')
  })

  test('/skins/latest is the gallery (SPEC §3: latest means no segment); other words are 404, never 5xx', async () => {
    const latest = await app.request('/skins/latest?search=ab')
    expect(latest.status).toBe(301)
    expect(latest.headers.get('location')).toBe('/skins?search=ab')
    expect((await app.request('/de/skins/latest')).headers.get('location')).toBe('/de/skins')
    for (const word of ['newest', 'top', 'latest1', 'a']) expect((await app.request(`/skins/${word}`)).status).toBe(404)
  })

  test('unknown and deleted skins are 404', async () => {
    expect((await app.request('/skins/0123456789abcdef0123456789abcdef')).status).toBe(404)
    expect((await app.request('/skins/deadbeef')).status).toBe(404)
    expect((await app.request(`/skins/${deleted.uuid}`)).status).toBe(404)
    expect((await app.request(`/de/skins/${deleted.shortId}`)).status).toBe(404)
  })

  test('copy fields and commands stay small (DESIGN.md §4: ≤ 30 KB of HTML per page)', async () => {
    const { html } = await page(`/skins/${named.uuid}`)
    const mine = html.slice(html.indexOf('<section class="card skin-page__data"'), html.indexOf('</section>', html.indexOf('<section class="card skin-commands"')))
    expect(mine).toContain('id="skin-command"')
    // Copy fields and commands box together: the two signed strings twice (field and command), plus
    // under 5.2 KB of labels, tabs, hints and the 1.21.5+ command around them — not ten commands.
    expect(mine.length).toBeLessThan(2 * (named.texture.data.value.length + named.texture.data.signature.length) + 5200)
  })
})

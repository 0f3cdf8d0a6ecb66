/**
 * A skin signed with a cape (docs/api.md "Capes"), with the local signer: `GET /v2/capes` marks the
 * capes whose texture is stored here, a job asks for one, and the skin page shows the cape — the 2D
 * crop beside the render and the cape hash handed to the 3D viewer — while a skin without a cape
 * shows none. A cape whose texture is not here is refused with `cape_unavailable`, naming the others.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { KNOWN_CAPES } from '../../api/capes/capes'
import { skinFromRgba } from '../../api/image'
import { makeSkinPng, makeSkinRgba } from '../../api/image/fixtures'
import { openStore } from '../../api/store/db'
import { apiKeyWith, startTestApi, uploadForm, type TestApi } from '../../api/testing/api-harness'
import { islandPropsIn } from '../../../test/support/island-props'
import { createTestApp } from '../../../test/support/web-app'

let t: TestApi
let app: ReturnType<typeof createTestApp>
let key: { authorization: string }
const MIGRATOR = KNOWN_CAPES.find((c) => c.alias === 'Migrator')!
const VANILLA = KNOWN_CAPES.find((c) => c.alias === 'Vanilla')!

beforeAll(async () => {
  t = await startTestApi()
  // This instance has Migrator's texture (a made-up picture under its hash), not Vanilla's.
  const cape = await skinFromRgba(makeSkinRgba(0xca9e, { height: 32 }), 64, 32)
  const store = openStore(t.dir)
  try {
    store.sqlite.query("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES (?, 'image/png', ?, 0)").run(`textures/${MIGRATOR.hash}`, cape.png)
  } finally {
    store.close()
  }
  key = await apiKeyWith(t, { capes: true })
  app = createTestApp({ api: { fetch: t.api.fetch, inProcess: true } })
}, 30_000)
afterAll(() => t.close())

/** Queues `png` with `fields` and returns the finished job's skin. */
async function generate(seed: number, fields: Record<string, string> = {}) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), fields), headers: key })
  expect(sub.status).toBe(202)
  await t.api.idle()
  return (await t.json(`/v2/queue/${sub.body.job.id}`, { headers: key })).body.skin
}

describe('capes with the local signer', () => {
  test('GET /v2/capes marks the capes whose texture is stored here', async () => {
    const capes = (await t.json('/v2/capes')).body.capes as { uuid: string; supported: boolean; url: string }[]
    expect(capes.filter((c) => c.supported).map((c) => c.uuid)).toEqual([MIGRATOR.uuid])
    expect(capes.find((c) => c.uuid === MIGRATOR.uuid)!.url).toBe(`${t.config.textureBaseUrl}/${MIGRATOR.hash}`)
  })

  test('a cape whose texture is not here → 400 cape_unavailable naming the available ones', async () => {
    const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3711), { cape: VANILLA.uuid }), headers: key })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe('cape_unavailable')
    expect(r.body.errors[0].message).toContain(`Available capes: ${MIGRATOR.alias} (${MIGRATOR.uuid})`)
  })

  test('the skin page shows the cape of a skin signed with one: a 2D crop and the 3D viewer’s cape', async () => {
    const skin = await generate(3712, { cape: MIGRATOR.uuid, name: 'Caped' })
    expect(skin.texture.hash.cape).toBe(MIGRATOR.hash)
    const res = await app.request(`/skins/${skin.uuid}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    // Lazy, so React adds no preload link for it (the page's HTML budget).
    expect(html).not.toContain(`<link rel="preload" as="image" href="/textures/${MIGRATOR.hash}"`)
    expect(html).toContain(`</script><img src="/textures/${MIGRATOR.hash}" alt="" loading="lazy"/><figcaption>`)
    expect(islandPropsIn(html, 'skin-viewer')).toMatchObject({ cape: MIGRATOR.hash })
    // The crop's picture is served here.
    expect((await t.call(`/textures/${MIGRATOR.hash}`)).status).toBe(200)
  })

  test('a skin without a cape shows none', async () => {
    const skin = await generate(3713, { name: 'Capeless' })
    const html = await (await app.request(`/skins/${skin.uuid}`)).text()
    expect(html).not.toMatch(/<\/script><img /)
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { encodeMinecraftPng, readSkinImage } from '../image'
import { startTestApi, testSigner, type TestApi } from '../testing/api-harness'
import { createApiServices } from '../wiring'
import { paintSkin } from './procedural-skin'
import { mulberry32 } from './prng'
import { seedSkins } from './seed-skins'

describe('procedural skins', () => {
  test('a seed always paints the same skin; different seeds paint different, valid skins', async () => {
    expect(paintSkin(mulberry32(5)).rgba).toEqual(paintSkin(mulberry32(5)).rgba)
    const hashes = new Set<string>()
    const variants = new Set<string>()
    for (let seed = 0; seed < 40; seed++) {
      const p = paintSkin(mulberry32(seed))
      const image = await readSkinImage(encodeMinecraftPng(p.rgba, 64, 64))
      hashes.add(image.textureHash)
      variants.add(image.detectedVariant)
      expect(image.detectedVariant).toBe(p.traits.slim ? 'slim' : 'classic')
      for (const tag of p.tags) expect(tag).toMatch(/^[a-z- ]{1,32}$/)
    }
    expect(hashes.size).toBe(40)
    expect(variants).toEqual(new Set(['classic', 'slim']))
  })
})

describe('seeding through the real pipeline', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: { TAG_VISIBLE_THRESHOLD: '2' } })
    const { services, counters } = await createApiServices(t.config, { now: () => t.clock.now, signer: await testSigner() })
    const r = await seedSkins(services.ctx, counters, { count: 30, random: mulberry32(99), batchSize: 8 })
    services.ctx.store.close()
    expect(r.created).toBe(30)
  })
  afterAll(() => t.close())

  test('creates varied, signed, listed skins with names, tags and views', async () => {
    const list = await t.json('/v2/skins?size=128')
    expect(list.body.skins.length).toBe(30)
    const pem = await (await t.call('/v2/signing-key')).text()
    let named = 0
    let slim = 0
    let tagged = 0
    let shirts = 0
    const views: number[] = []
    for (const item of list.body.skins) {
      const { skin } = (await t.json(`/v2/skins/${item.uuid}`)).body
      expect(verify('sha1', Buffer.from(skin.texture.data.value), pem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(true)
      const png = new Uint8Array(await (await t.call(`/textures/${skin.texture.hash.skin}`)).arrayBuffer())
      const image = await readSkinImage(png)
      expect(image.textureHash).toBe(skin.texture.hash.skin)
      expect(skin.variant).toBe(image.detectedVariant)
      if (skin.name) named++
      if (skin.variant === 'slim') slim++
      if (skin.tags.length) tagged++
      if (skin.tags.some((x: { tag: string }) => x.tag.split(' ').includes('shirt'))) shirts++
      views.push(skin.views)
    }
    expect(named).toBeGreaterThan(10)
    expect(named).toBeLessThan(30)
    expect(slim).toBeGreaterThan(3)
    expect(tagged).toBeGreaterThan(10)
    expect(new Set(views).size).toBeGreaterThan(10)
    const popular = await t.json('/v2/skins/popular?size=3')
    const popularViews = await Promise.all(popular.body.skins.map(async (s: { uuid: string }) => (await t.json(`/v2/skins/${s.uuid}`)).body.skin.views))
    expect(popularViews).toEqual([...popularViews].sort((a, b) => b - a))
    expect(shirts).toBeGreaterThan(0)
    expect((await t.json('/v2/skins?filter=shirt&size=128')).body.skins.length).toBe(shirts)
    const stats = await t.json('/v2/stats')
    expect(stats.body.stats.generated.total.new).toBe(30)
  })
})

describe('first start', () => {
  test('an empty database gets DEMO_SKINS demo skins, once', async () => {
    const t = await startTestApi({ env: { DEMO_SKINS: '5' }, keepDir: true })
    expect((await t.json('/v2/skins')).body.skins.length).toBe(5)
    await t.close()
    const again = await startTestApi({ env: { DEMO_SKINS: '5' }, dir: t.dir })
    try {
      expect((await again.json('/v2/skins')).body.skins.length).toBe(5)
    } finally {
      await again.close()
    }
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { startMojangStandIn, type MojangStandIn } from '../../../../test/support/mojang-stand-in'
import { makeSkinPng } from '../../image/fixtures'
import { putPoolAccount } from '../../signing/pool/pool-account-store'
import { loadTokenBox } from '../../signing/pool/token-key-file'
import { openStore } from '../../store/db'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

let mojang: MojangStandIn
const mojangEnv = () => ({
  MOJANG_API_BASE: mojang.apiBase,
  MOJANG_SESSION_BASE: mojang.sessionBase,
  MOJANG_SERVICES_BASE: mojang.servicesBase,
  MOJANG_TEXTURES_BASE: mojang.texturesBase,
  // The stand-in signs with its own key: signatures are checked against it instead of Mojang's.
  MOJANG_SIGNATURE_KEY: mojang.publicKeyPem,
})
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString('utf8'))

beforeAll(async () => {
  mojang = await startMojangStandIn({ keyBits: 2048 })
})
afterAll(() => mojang.stop())

describe('user input (local signer) against the Mojang stand-in', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: mojangEnv() })
  })
  afterAll(() => t.close())

  test('a player name is resolved, its skin downloaded from the texture host and signed locally', async () => {
    const png = makeSkinPng(501, { slim: true })
    const player = await mojang.addPlayer('Alexandra', png, { slim: true })
    const sub = await t.json('/v2/queue', jsonInit({ user: 'Alexandra' }))
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.job.status).toBe('completed')
    const skin = job.body.skin
    expect(skin.texture.hash.skin).toBe(player.textureHash)
    expect(skin.variant).toBe('slim')
    const pem = await (await t.call('/v2/signing-key')).text()
    expect(verify('sha1', Buffer.from(skin.texture.data.value), pem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(true)
    // The same player again: the existing skin (user_uuid), found by uuid too.
    const again = await t.json('/v2/queue', jsonInit({ user: player.id }))
    expect(again.status).toBe(200)
    expect(again.body.messages[0].code).toBe('skin_found')
    expect(again.body.skin.uuid).toBe(skin.uuid)
  })

  test('unknown players and players without a skin → 400 invalid_user', async () => {
    const unknown = await t.json('/v2/queue', jsonInit({ user: 'NobodyHere' }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].code).toBe('invalid_user')
    const bare = await mojang.addPlayer('NoSkinPlayer')
    const noSkin = await t.json('/v2/queue', jsonInit({ user: bare.id }))
    expect(noSkin.status).toBe(400)
    expect(noSkin.body.errors[0].code).toBe('invalid_user')
  })

  test('/validate/name and /validate/uuid go through the profile service', async () => {
    const p = await mojang.addPlayer('Validated', makeSkinPng(502))
    const byName = await t.json('/validate/name/Validated')
    expect(byName.status).toBe(200)
    expect(byName.body).toEqual({ valid: true, uuid: p.id, name: 'Validated' })
    expect(byName.res.headers.get('cache-control')).toBe('public, max-age=3600')
    const missing = await t.json('/validate/name/NoSuchName')
    expect(missing.status).toBe(404)
    expect(missing.body.valid).toBe(false)
    expect((await t.json('/validate/name/' + 'x'.repeat(17))).status).toBe(400)
    const byUuid = await t.json(`/validate/uuid/${p.id}`)
    expect(byUuid.body).toEqual({ valid: true, uuid: p.id, name: 'Validated' })
    expect((await t.json('/validate/uuid/123')).status).toBe(400)
    expect((await t.json(`/validate/uuid/${'0'.repeat(32)}`)).status).toBe(404)
  })

  test('a textures.minecraft.net URL is fetched from the configured texture host; twice → texture_url duplicate', async () => {
    const p = await mojang.addPlayer('TextureOwner', makeSkinPng(503))
    const url = `https://textures.minecraft.net/texture/${p.textureHash}`
    const sub = await t.json('/v2/queue', jsonInit({ url }))
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.skin.texture.hash.skin).toBe(p.textureHash)
    const again = await t.json('/v2/queue', jsonInit({ url, visibility: 'unlisted' }))
    expect(again.status).toBe(200)
    expect(again.body.skin.uuid).toBe(job.body.skin.uuid)
  })
})

describe('URL input through the SSRF-safe fetcher', () => {
  let images: ReturnType<typeof Bun.serve>
  const png = makeSkinPng(601)
  beforeAll(() => {
    images = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(req) {
        const path = new URL(req.url).pathname
        if (path === '/skin.png') return new Response(png, { headers: { 'content-type': 'image/png' } })
        if (path === '/redirect') return Response.redirect('/skin.png', 302)
        if (path === '/page.html') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
        return new Response('nope', { status: 404 })
      },
    })
  })
  afterAll(() => images.stop(true))

  test('loopback is refused unless the test-only allowlist names it', async () => {
    const blocked = await startTestApi()
    try {
      const r = await blocked.json('/v2/queue', jsonInit({ url: `http://127.0.0.1:${images.port}/skin.png` }))
      expect(r.status).toBe(400)
      expect(r.body.errors[0].code).toBe('blocked_url_host')
    } finally {
      await blocked.close()
    }
    const t = await startTestApi({ env: { FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}` } })
    try {
      const ok = await t.json('/v2/queue', jsonInit({ url: `http://127.0.0.1:${images.port}/redirect` }))
      expect(ok.status).toBe(202)
      await t.api.idle()
      const job = await t.json(`/v2/queue/${ok.body.job.id}`)
      expect(job.body.job.status).toBe('completed')
      const original = await t.call(ok.body.links.image)
      expect(new Uint8Array(await original.arrayBuffer())).toEqual(png)
      const html = await t.json('/v2/queue', jsonInit({ url: `http://127.0.0.1:${images.port}/page.html` }))
      expect(html.status).toBe(400)
      expect(html.body.errors[0].code).toBe('invalid_image_url')
      const missing = await t.json('/v2/queue', jsonInit({ url: `http://127.0.0.1:${images.port}/missing.png` }))
      expect(missing.body.errors[0].code).toBe('invalid_image_url')

      // A link to one of our own skins is that skin (duplicate source mineskin_url), whatever the options.
      const self = await t.json('/v2/queue', jsonInit({ url: `http://ssg.test/skins/${job.body.skin.uuid}`, name: 'Ignored' }))
      expect(self.status).toBe(200)
      expect(self.body.skin.uuid).toBe(job.body.skin.uuid)
      const short = await t.json('/v2/queue', jsonInit({ url: `http://ssg.test/${job.body.skin.shortId}` }))
      expect(short.body.skin.uuid).toBe(job.body.skin.uuid)
      const unknown = await t.json('/v2/queue', jsonInit({ url: `http://ssg.test/skins/${'a'.repeat(32)}` }))
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors[0].code).toBe('invalid_image_url')
    } finally {
      await t.close()
    }
  })
})

describe('mojang signer (pooled accounts) against the stand-in', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: { ...mojangEnv(), SIGNER: 'mojang' }, deps: { signer: undefined }, noStart: true })
    const store = openStore(t.dir)
    for (const a of mojang.accounts) {
      // Added a while ago: a new account is only handed out after POOL_NEW_ACCOUNT_DELAY_S.
      await putPoolAccount(store.sql, await loadTokenBox(t.dir), { id: a.id, name: a.name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: a.accessToken, createdAt: 0 }, t.clock.now)
    }
    store.close()
    await t.api.start()
  })
  afterAll(() => t.close())

  test('uploads through an account and stores the Mojang-signed value', async () => {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(701)) })
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.job.status).toBe('completed')
    const skin = job.body.skin
    expect(verify('sha1', Buffer.from(skin.texture.data.value), mojang.publicKeyPem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(true)
    expect(mojang.accounts.map((a) => a.id.slice(0, 16))).toContain(skin.generator.account)
    expect(decode(skin.texture.data.value).textures.SKIN.url).toContain('/texture/')
    expect((await t.call('/v2/signing-key')).status).toBe(404)
    const stats = await t.json('/v2/stats')
    expect(stats.body.stats.accounts.usable.global).toBe(2)
  })

  test('player skins use the player’s own signed profile: no upload', async () => {
    const player = await mojang.addPlayer('SignedPlayer', makeSkinPng(702))
    const uploadsBefore = mojang.requests.filter((r) => r.method === 'POST').length
    const sub = await t.json('/v2/queue', jsonInit({ user: 'SignedPlayer' }))
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.job.status).toBe('completed')
    expect(job.body.skin.generator.account).toBe(player.id.slice(0, 16))
    expect(decode(job.body.skin.texture.data.value).profileId).toBe(player.id)
    expect(mojang.requests.filter((r) => r.method === 'POST').length).toBe(uploadsBefore)
  })

  test('a rate-limited account fails the job: 200 with errors[], counted as an upstream error', async () => {
    t.clock.now += 60_000
    for (const a of mojang.accounts) mojang.setRateLimited(a.accessToken, true)
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(703)) })
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.status).toBe(200)
    expect(job.body.success).toBe(true)
    expect(job.body.job.status).toBe('failed')
    expect(job.body.messages[0].code).toBe('job_failed')
    expect(job.body.errors[0].code).toBe('skin_change_failed')
    for (const a of mojang.accounts) mojang.setRateLimited(a.accessToken, false)
    const stats = await t.json('/v2/stats')
    expect(stats.body.stats.upstream.errors.skin_change_failed).toBe(1)
  })
})

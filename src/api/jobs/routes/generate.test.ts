import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { badPngCorpus, makeSkinPng, unusualValidPngs } from '../../image/fixtures'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const UA = { 'user-agent': 'GenerateTest/1.0' }

/** Uploads `png` to /v2/queue and drains the queue; returns the job reply after processing. */
async function queueAndWait(t: TestApi, png: Uint8Array, fields: Record<string, string> = {}, headers: Record<string, string> = UA) {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png, fields), headers })
  await t.api.idle()
  const job = sub.body?.job?.id ? await t.json(`/v2/queue/${sub.body.job.id}`, { headers }) : null
  return { sub, job }
}

describe('POST /v2/queue (upload) → GET /v2/queue/{id}', () => {
  let t: TestApi
  let pem: string
  beforeAll(async () => {
    t = await startTestApi()
    pem = await (await t.call('/v2/signing-key')).text()
  })
  afterAll(() => t.close())

  test('queues a file, completes it, and the signature verifies against the published key', async () => {
    const { sub, job } = await queueAndWait(t, makeSkinPng(101))
    expect(sub.status).toBe(202)
    expect(sub.body.success).toBe(true)
    expect(sub.body.messages).toEqual([{ code: 'job_queued', message: 'Job queued' }])
    expect(sub.body.job.id).toMatch(/^[0-9a-f]{24}$/)
    expect(['waiting', 'processing']).toContain(sub.body.job.status)
    expect(typeof sub.body.job.timestamp).toBe('number')
    expect(sub.body.rateLimit.next).toEqual({ absolute: expect.any(Number), relative: expect.any(Number) })
    expect(sub.body.links.job).toBe(`/v2/queue/${sub.body.job.id}`)
    expect(sub.res.headers.get('x-ratelimit-limit')).toBe('20')
    expect(sub.res.headers.get('x-ratelimit-remaining')).toBe('19')

    expect(job!.status).toBe(200)
    expect(job!.body.messages[0].code).toBe('job_completed')
    expect(job!.body.job.status).toBe('completed')
    const skin = job!.body.skin
    expect(job!.body.job.result).toBe(skin.uuid)
    expect(skin.uuid).toMatch(/^[0-9a-f]{32}$/)
    expect(skin.shortId).toMatch(/^[0-9a-f]{8}$/)
    expect(skin.variant).toBe('classic')
    expect(skin.duplicate).toBe(false)
    const decoded = JSON.parse(Buffer.from(skin.texture.data.value, 'base64').toString('utf8'))
    expect(decoded.textures.SKIN.url).toBe(`http://ssg.test/textures/${skin.texture.hash.skin}`)
    expect(decoded.signatureRequired).toBe(true)
    expect(verify('sha1', Buffer.from(skin.texture.data.value), pem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(true)
    // A tampered value must not verify.
    expect(verify('sha1', Buffer.from(skin.texture.data.value + 'x'), pem, Buffer.from(skin.texture.data.signature, 'base64'))).toBe(false)
  })

  test('slim skins are auto-detected; an explicit variant and a name are kept', async () => {
    const slim = await queueAndWait(t, makeSkinPng(102, { slim: true }))
    expect(slim.job!.body.skin.variant).toBe('slim')
    const decoded = JSON.parse(Buffer.from(slim.job!.body.skin.texture.data.value, 'base64').toString('utf8'))
    expect(decoded.textures.SKIN.metadata).toEqual({ model: 'slim' })
    const named = await queueAndWait(t, makeSkinPng(103), { name: 'My Knight', variant: 'slim' })
    expect(named.job!.body.skin.name).toBe('My Knight')
    expect(named.job!.body.skin.variant).toBe('slim')
  })

  test('legacy 64x32 skins and unusual PNGs are accepted and stored as RGBA textures', async () => {
    const legacy = await queueAndWait(t, makeSkinPng(104, { height: 32 }))
    expect(legacy.job!.body.job.status).toBe('completed')
    for (const png of unusualValidPngs().slice(0, 4)) {
      const r = await queueAndWait(t, png.bytes, {}, { 'user-agent': 'GenerateTest/1.0', 'x-forwarded-for': `10.0.0.${png.name.length}` })
      expect(r.job!.body.job.status).toBe('completed')
      const tex = await t.call(`/textures/${r.job!.body.skin.texture.hash.skin}`)
      expect(tex.headers.get('content-type')).toBe('image/png')
      const bytes = new Uint8Array(await tex.arrayBuffer())
      expect(bytes[25]).toBe(6) // IHDR colour type RGBA
    }
  })

  test('the same file again is an instantly completed duplicate job', async () => {
    const png = makeSkinPng(105)
    const first = await queueAndWait(t, png)
    const again = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png), headers: UA })
    expect(again.status).toBe(200)
    expect(again.body.messages[0].code).toBe('skin_found')
    expect(again.body.job.status).toBe('completed')
    expect(again.body.job.result).toBe(first.job!.body.skin.uuid)
    expect(again.body.skin.uuid).toBe(first.job!.body.skin.uuid)
    expect(again.body.skin.duplicate).toBe(true)
    // A different name makes a new skin on the same signed data (image_hash_data): no second signature.
    const renamed = await t.json('/v2/queue', { method: 'POST', body: uploadForm(png, { name: 'Other' }), headers: UA })
    expect(renamed.status).toBe(200)
    expect(renamed.body.skin.uuid).not.toBe(first.job!.body.skin.uuid)
    expect(renamed.body.skin.texture.data).toEqual(first.job!.body.skin.texture.data)
  })

  test('GET /v2/queue lists the caller’s jobs by anonymous client cookie', async () => {
    const first = await t.call('/v2/queue', { headers: UA })
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    expect(cookie).toMatch(/^ssg_client=[0-9a-f]{24}$/)
    expect(first.headers.get('set-cookie')).toContain('HttpOnly')
    expect(first.headers.get('set-cookie')).toContain('Path=/')
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(106)), headers: { ...UA, cookie } })
    await t.api.idle()
    const list = await t.json('/v2/queue', { headers: { ...UA, cookie } })
    expect(list.body.jobs.map((j: { id: string }) => j.id)).toEqual([sub.body.job.id])
    expect(list.body.jobs[0].status).toBe('completed')
    // SPEC §3 Job `originalName`: what the caller gave, so another device can name the job.
    expect(list.body.jobs[0].originalName).toBe('skin.png')
    expect(list.res.headers.get('cache-control')).toContain('no-store')
    const stranger = await t.json('/v2/queue', { headers: UA })
    expect(stranger.body.jobs).toEqual([])
  })

  test('GET /v2/queue: anonymous callers behind one address never see each other’s jobs', async () => {
    const sameAddress = { ...UA, 'x-forwarded-for': '203.0.113.7' }
    const mine = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(107)), headers: sameAddress })
    const myCookie = mine.res.headers.get('set-cookie')!.split(';')[0]!
    await t.api.idle()
    // Same address, no cookie: a new client with nothing of its own.
    const neighbour = await t.json('/v2/queue', { headers: sameAddress })
    expect(neighbour.body.jobs).toEqual([])
    // Same address, another client's cookie: that client's jobs only.
    const other = await t.call('/v2/queue', { headers: sameAddress })
    const otherCookie = other.headers.get('set-cookie')!.split(';')[0]!
    expect((await t.json('/v2/queue', { headers: { ...sameAddress, cookie: otherCookie } })).body.jobs).toEqual([])
    expect((await t.json('/v2/queue', { headers: { ...sameAddress, cookie: myCookie } })).body.jobs.map((j: { id: string }) => j.id)).toEqual([mine.body.job.id])
  })

  test('unknown and malformed job ids', async () => {
    const missing = await t.json('/v2/queue/0123456789abcdef01234567')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ success: false, errors: [{ code: 'job_not_found', message: 'Job not found' }] })
    const bad = await t.json('/v2/queue/not-a-job')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].code).toBe('validation_error')
    expect(bad.body.errors.length).toBeGreaterThan(1)
  })
})

describe('generate request errors', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000' } })
  })
  afterAll(() => t.close())

  test('multipart without a file → 400 missing_file', async () => {
    const form = new FormData()
    form.set('name', 'x')
    const r = await t.json('/v2/queue', { method: 'POST', body: form })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe('missing_file')
  })

  test('other content types → 415 invalid_content_type; JSON without input → 400 invalid_request', async () => {
    const plain = await t.json('/v2/queue', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } })
    expect(plain.status).toBe(415)
    expect(plain.body.errors[0].code).toBe('invalid_content_type')
    expect(plain.body.rateLimit).toBeDefined()
    const empty = await t.json('/v2/queue', jsonInit({ name: 'x' }))
    expect(empty.status).toBe(400)
    expect(empty.body.errors[0].code).toBe('invalid_request')
    const broken = await t.json('/v2/queue', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })
    expect(broken.body.errors[0].code).toBe('invalid_request')
  })

  test('invalid options → 400 validation_error with one entry per issue', async () => {
    const r = await t.json('/v2/queue', jsonInit({ url: 'ftp://x', name: 'bad!name', visibility: 'secret' }))
    expect(r.status).toBe(400)
    expect(r.body.errors[0]).toEqual({ code: 'validation_error', message: 'Validation error' })
    const paths = r.body.errors.slice(1).map((e: { message: string }) => e.message.match(/\(([^)]*)\)$/)?.[1])
    expect(paths).toEqual(expect.arrayContaining(['name', 'visibility', 'url']))
  })

  test('private skins and capes need a key or a user', async () => {
    const priv = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(201), { visibility: 'private' }) })
    expect(priv.status).toBe(401)
    expect(priv.body.errors[0].code).toBe('unauthorized')
    const unknownCape = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(201), { cape: '00000000-0000-0000-0000-000000000000' }) })
    expect(unknownCape.status).toBe(400)
    expect(unknownCape.body.errors[0].code).toBe('invalid_cape')
  })

  test('every file of the bad-file corpus gets 400 invalid_image, and the server keeps serving', async () => {
    for (const bad of badPngCorpus()) {
      const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(bad.bytes) })
      expect({ name: bad.name, status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ name: bad.name, status: 400, code: 'invalid_image' })
      expect(r.body.errors[0].message).toMatch(bad.reason)
    }
    const ok = await queueAndWait(t, makeSkinPng(202), {}, {})
    expect(ok.job!.body.job.status).toBe('completed')
  })

  test('a body over the multipart cap is refused while streaming (413), also when chunked', async () => {
    const big = new Uint8Array(200_000)
    const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(big) })
    expect(r.status).toBe(413)
    expect(r.body.errors[0].code).toBe('invalid_file')
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new Uint8Array(10_000))
        c.close()
      },
    })
    const chunked = await t.call('/v2/queue', { method: 'POST', body: stream, headers: { 'content-type': 'multipart/form-data; boundary=x' } })
    expect(chunked.status).toBe(413)
  })

  test('a chunked (no Content-Length) multipart upload is accepted', async () => {
    const form = uploadForm(makeSkinPng(203))
    const encoded = new Response(form)
    const type = encoded.headers.get('content-type')!
    const bytes = new Uint8Array(await encoded.arrayBuffer())
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < bytes.length; i += 1000) c.enqueue(bytes.subarray(i, i + 1000))
        c.close()
      },
    })
    const req = new Request('http://api.local/v2/queue', { method: 'POST', body: stream, headers: { 'content-type': type } })
    expect(req.headers.get('content-length')).toBeNull()
    const r = await t.api.fetch(req)
    expect(r.status).toBe(202)
  })

  test('PNG data URLs are accepted as url input', async () => {
    const png = makeSkinPng(204)
    const r = await t.json('/v2/queue', jsonInit({ url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, name: 'From Data' }))
    expect(r.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${r.body.job.id}`)
    expect(job.body.skin.name).toBe('From Data')
    // The image itself is no name: a data URL job has no originalName.
    expect(job.body.job).not.toHaveProperty('originalName')
    const bad = await t.json('/v2/queue', jsonInit({ url: 'data:image/png;base64,!!!' }))
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].code).toBe('invalid_image_url')
  })

  test('urlencoded bodies are accepted with an invalid_content_type warning', async () => {
    const png = makeSkinPng(205)
    const body = new URLSearchParams({ url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` })
    const r = await t.json('/v2/queue', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(r.status).toBe(202)
    expect(r.body.warnings.map((w: { code: string }) => w.code)).toContain('invalid_content_type')
  })
})

describe('limits', () => {
  test('per-minute limit → 429 rate_limit with Retry-After and rateLimit; the next minute is free again', async () => {
    const t = await startTestApi({ env: { LIMIT_ANONYMOUS_PER_MINUTE: '2' } })
    try {
      const h = { 'x-forwarded-for': '203.0.113.9' }
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(301)), headers: h })).status).toBe(202)
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(302)), headers: h })).status).toBe(202)
      const third = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(303)), headers: h })
      expect(third.status).toBe(429)
      expect(third.body.errors[0].code).toBe('rate_limit')
      expect(third.body.rateLimit.limit.minute).toMatchObject({ used: 2, limit: 2, remaining: 0 })
      expect(Number(third.res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(third.res.headers.get('x-ratelimit-remaining')).toBe('0')
      // Another caller is not affected.
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(304)), headers: { 'x-forwarded-for': '203.0.113.10' } })).status).toBe(202)
      t.clock.now += 60_000
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(305)), headers: h })).status).toBe(202)
      await t.api.idle()
    } finally {
      await t.close()
    }
  })

  test('the delay grant spaces /v2/generate requests (not /v2/queue ones)', async () => {
    const t = await startTestApi({ env: { LIMIT_ANONYMOUS_DELAY: '5' } })
    try {
      const h = { 'x-forwarded-for': '192.0.2.44' }
      const first = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(321)), headers: h })
      expect(first.status).toBe(200)
      expect(first.body.rateLimit.delay).toEqual({ millis: 5000, seconds: 5 })
      expect(first.res.headers.get('x-ratelimit-delay')).toBe('5000')
      expect(first.body.rateLimit.next.absolute).toBe(t.clock.now + 5000)
      t.clock.now += 2000
      const soon = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(322)), headers: h })
      expect(soon.status).toBe(429)
      expect(soon.body.errors[0].code).toBe('rate_limit')
      expect(soon.res.headers.get('retry-after')).toBe('3')
      expect(soon.body.rateLimit.next.relative).toBe(3000)
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(323)), headers: h })).status).toBe(202)
      t.clock.now += 5000
      expect((await t.call('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(324)), headers: h })).status).toBe(200)
    } finally {
      await t.close()
    }
  })

  test('more than the allowed pending anonymous jobs → 429 job_limit', async () => {
    const t = await startTestApi({ env: { LIMIT_ANONYMOUS_PENDING: '2' }, noStart: true })
    try {
      const h = { 'x-forwarded-for': '198.51.100.7' }
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(311)), headers: h })).status).toBe(202)
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(312)), headers: h })).status).toBe(202)
      const third = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(313)), headers: h })
      expect(third.status).toBe(429)
      expect(third.body.errors[0].code).toBe('job_limit')
      await t.api.start()
      await t.api.idle()
      expect((await t.call('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(313)), headers: h })).status).toBe(202)
      await t.api.idle()
    } finally {
      await t.close()
    }
  })
})

describe('POST /v2/generate', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi()
  })
  afterAll(() => t.close())

  test('waits for the job and answers with the skin', async () => {
    const r = await t.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(401), { name: 'Sync' }), headers: UA })
    expect(r.status).toBe(200)
    expect(r.body.skin.name).toBe('Sync')
    expect(r.body.links.skin).toBe(`/v2/skins/${r.body.skin.uuid}`)
    expect(r.body.links.job).toMatch(/^\/v2\/queue\/[0-9a-f]{24}$/)
    expect(r.body.rateLimit.delay).toEqual({ millis: 0, seconds: 0 })
  })

  test('checkOnly returns an existing skin or 400 no_duplicate, creating nothing', async () => {
    const png = makeSkinPng(402)
    const none = await t.json('/v2/generate?checkOnly=true', { method: 'POST', body: uploadForm(png), headers: UA })
    expect(none.status).toBe(400)
    expect(none.body.errors[0].code).toBe('no_duplicate')
    const made = await t.json('/v2/generate', { method: 'POST', body: uploadForm(png), headers: UA })
    const found = await t.json('/v2/generate?checkOnly=true', { method: 'POST', body: uploadForm(png), headers: UA })
    expect(found.status).toBe(200)
    expect(found.body.skin.uuid).toBe(made.body.skin.uuid)
    expect(found.body.skin.duplicate).toBe(true)
  })
})

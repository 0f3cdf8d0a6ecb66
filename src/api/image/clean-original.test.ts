/**
 * Clean originals through the real API app: a valid skin with HTML, a zip or an
 * HTML tEXt chunk smuggled in is accepted, but `/v2/images/{hash}` serves only the re-encode: no
 * bytes after IEND, no ancillary chunk, the same pixels, and the texture hash as its SHA-256.
 * Bad headers are refused with 400 `invalid_image` and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { deflate } from 'pako'
import { concatBytes, decodePng, ihdrData, inspectPng, PNG_SIGNATURE, pngChunk } from '../../shared/png'
import { chunkTypes, encodeTestPng } from '../../shared/png/testing/encode-test-png'
import { blobs } from '../store/schema'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { imageKey } from '../blob/blob-store'
import { makeSkinPng, makeSkinRgba } from './fixtures'
import { readSkinImage } from './read-skin-image'
import { sha256Hex } from './texture-hash'

const text = (s: string) => new TextEncoder().encode(s)
const HTML = text('<html><body><script>fetch("/api/v2/me/skins",{credentials:"include"})</script></body></html>')
/** A zip local file header (PK\3\4) with a stored file named x.html: what a polyglot appends. */
const ZIP = concatBytes(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 6, 0, 0, 0), text('x.htmlevil'))

/** A skin PNG (RGBA8, filters cycled) of seed `seed`'s pixels, with extra chunks or trailing bytes. */
const dirtySkin = (seed: number, extra: { trailing?: Uint8Array; text?: Uint8Array }) => {
  const rgba = makeSkinRgba(seed)
  const bytes = encodeTestPng({
    width: 64, height: 64, colorType: 6, bitDepth: 8, filters: 'cycle', level: 9,
    sample: (x, y) => [...rgba.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4)],
    extraChunks: extra.text ? [{ type: 'tEXt', data: concatBytes(text('Comment\0'), extra.text) }] : [],
    trailing: extra.trailing,
  })
  return { rgba, bytes }
}

describe('stored originals are clean re-encodes', () => {
  let t: TestApi
  let images: ReturnType<typeof Bun.serve>
  const fetched = dirtySkin(7004, { trailing: HTML })
  beforeAll(async () => {
    images = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(fetched.bytes, { headers: { 'content-type': 'image/png' } }) })
    t = await startTestApi({ env: { FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${images.port}` } })
  })
  afterAll(async () => {
    await t.close()
    images.stop(true)
  })

  /** Submits, drains the queue, and returns the completed job's texture hash and the served original. */
  async function submit(init: RequestInit) {
    const sub = await t.json('/v2/queue', init)
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    expect(job.body.job.status).toBe('completed')
    const res = await t.call(sub.body.links.image)
    expect(res.status).toBe(200)
    return { hash: job.body.skin.texture.hash.skin as string, link: sub.body.links.image as string, served: new Uint8Array(await res.arrayBuffer()) }
  }

  /** No data after IEND, no ancillary chunk, the same pixels, SHA-256 = texture hash = the clean encoding's hash. */
  async function expectClean(served: Uint8Array, hash: string, rgba: Uint8Array, dirty: Uint8Array) {
    expect(chunkTypes(served)).toEqual(['IHDR', 'IDAT', 'IEND'])
    expect(inspectPng(served)).toMatchObject({ trailing: 0, skipped: [] })
    expect(new Uint8Array(decodePng(served).rgba)).toEqual(new Uint8Array(rgba))
    expect(await sha256Hex(served)).toBe(hash)
    expect((await readSkinImage(dirty)).textureHash).toBe(hash)
    const latin1 = new TextDecoder('latin1').decode(served)
    for (const needle of ['<html', '<script', 'PK\x03\x04', 'tEXt']) expect(latin1).not.toContain(needle)
  }

  test('an upload with HTML appended after IEND', async () => {
    const { rgba, bytes } = dirtySkin(7001, { trailing: HTML })
    const r = await submit({ method: 'POST', body: uploadForm(bytes) })
    await expectClean(r.served, r.hash, rgba, bytes)
  })

  test('an upload with a zip local-file header appended', async () => {
    const { rgba, bytes } = dirtySkin(7002, { trailing: ZIP })
    const r = await submit({ method: 'POST', body: uploadForm(bytes) })
    await expectClean(r.served, r.hash, rgba, bytes)
  })

  test('an upload with a tEXt chunk carrying HTML', async () => {
    const { rgba, bytes } = dirtySkin(7003, { text: HTML })
    const r = await submit({ method: 'POST', body: uploadForm(bytes) })
    await expectClean(r.served, r.hash, rgba, bytes)
  })

  test('a fetched URL and a data URL are stored clean too', async () => {
    const viaUrl = await submit(jsonInit({ url: `http://127.0.0.1:${images.port}/skin.png` }))
    await expectClean(viaUrl.served, viaUrl.hash, fetched.rgba, fetched.bytes)
    const data = dirtySkin(7005, { trailing: ZIP, text: HTML })
    const viaData = await submit(jsonInit({ url: `data:image/png;base64,${Buffer.from(data.bytes).toString('base64')}` }))
    await expectClean(viaData.served, viaData.hash, data.rgba, data.bytes)
  })

  test('the first uploader no longer decides the bytes: a dirty and a clean upload of one skin serve the same file', async () => {
    const dirty = dirtySkin(7006, { trailing: HTML })
    const first = await submit({ method: 'POST', body: uploadForm(dirty.bytes) })
    const clean = makeSkinPng(7006)
    expect(await sha256Hex(clean)).toBe(first.hash)
    expect(first.served).toEqual(clean)
  })

  test('an original stored dirty by an older version, with no texture stored, is served clean', async () => {
    const dirty = dirtySkin(7007, { trailing: ZIP, text: HTML })
    const hash = (await readSkinImage(dirty.bytes)).textureHash
    // What an older row holds for a job that never got signed: the uploader's bytes under the texture hash.
    t.api.db.insert(blobs).values({ key: imageKey(hash), contentType: 'image/png', bytes: Buffer.from(dirty.bytes), createdAt: 0 }).run()
    const res = await t.call(`/v2/images/${hash}`)
    expect(res.headers.get('etag')).toBe(`"${hash}"`)
    const served = new Uint8Array(await res.arrayBuffer())
    expect(served).toEqual(makeSkinPng(7007))
    await expectClean(served, hash, dirty.rgba, dirty.bytes)
  })

  test('bad headers are refused with 400 invalid_image before anything is stored', async () => {
    const bomb = pngChunk('IDAT', deflate(new Uint8Array(1 << 20)))
    const storedBlobs = () => t.api.db.select({ key: blobs.key }).from(blobs).all().length
    const before = storedBlobs()
    const crcBroken = makeSkinPng(7008)
    crcBroken[29]! ^= 1
    const bad: [string, Uint8Array, RegExp][] = [
      ['wrong first chunk', concatBytes(PNG_SIGNATURE, pngChunk('tEXt', HTML), pngChunk('IHDR', ihdrData(64, 64, 8, 6)), bomb, pngChunk('IEND')), /first chunk must be IHDR/],
      ['huge dimensions', concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdrData(60_000, 60_000, 8, 6)), bomb, pngChunk('IEND')), /60000x60000 pixels/],
      ['bad bit depth', concatBytes(PNG_SIGNATURE, pngChunk('IHDR', ihdrData(64, 64, 4, 6)), bomb, pngChunk('IEND')), /bit depth 4/],
      ['CRC mismatch', crcBroken, /IHDR .*bad CRC/],
    ]
    for (const [name, bytes, reason] of bad) {
      const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(bytes) })
      expect({ name, status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ name, status: 400, code: 'invalid_image' })
      expect(r.body.errors[0].message).toMatch(reason)
    }
    expect(storedBlobs()).toBe(before)
  })
})

/**
 * The upstream signer on a Worker: the API Worker
 * under `wrangler dev` with `SIGNER=upstream` forwards each job to another MineSkin-compatible API —
 * here the real Bun server on loopback, signing with its own local key — over the same calls the
 * official client makes (`POST /v2/queue`, polls), and keeps what comes back: the texture's signature
 * verifies with the upstream's published key, and the upstream saw the job under our API key.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { createApiKey } from '../../src/api/users/identity'
import { openStore } from '../../src/api/store/db'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { signedWith } from '../support/texture-signature'
import { startApiWorkerStack, type ApiWorkerStack } from './api-worker-stack'

const UA = { 'user-agent': 'UpstreamWorkerTest/1.0' }
let upstream: RunningServer
let upstreamKeyId: string
let api: ApiWorkerStack

beforeAll(async () => {
  upstream = await startBunServer()
  const store = openStore(upstream.dataDir)
  const created = await createApiKey(store.db, { name: 'our API Worker' })
  store.close()
  upstreamKeyId = created.id
  api = await startApiWorkerStack({ vars: { SIGNER: 'upstream', UPSTREAM_ORIGIN: `${upstream.origin}/api`, UPSTREAM_API_KEY: created.key } })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await upstream?.stop()
})

describe('API Worker with SIGNER=upstream', () => {
  test('an upload is signed by the upstream API and verifies with its key', async () => {
    const form = new FormData()
    form.set('file', new File([makeSkinPng(9401)], 'upstream.png', { type: 'image/png' }))
    form.set('name', 'Forwarded')
    const res = await fetch(`${api.origin}/v2/generate?timeout=30`, { method: 'POST', body: form, headers: { ...UA, authorization: `Bearer ${api.userKey}` } })
    const body = (await res.json()) as { skin?: { name: string; texture: { data: { value: string; signature: string } } }; errors?: unknown }
    expect(res.status, JSON.stringify(body).slice(0, 500) + api.output().slice(-1500)).toBe(200)
    expect(body.skin!.name).toBe('Forwarded')
    const upstreamKey = await (await fetch(`${upstream.origin}/api/v2/signing-key`, { headers: UA })).text()
    expect(upstreamKey).toContain('BEGIN PUBLIC KEY')
    expect(await signedWith(upstreamKey, body.skin!.texture.data.value, body.skin!.texture.data.signature)).toBe(true)
    // The upstream made it for our key, unlisted (forwarded skins do not flood its gallery).
    const store = openStore(upstream.dataDir)
    try {
      const rows = store.sqlite.query('SELECT s.visibility FROM skins s JOIN skin_clients c ON c.skin_id = s.id WHERE c.api_key_id = ?').all(upstreamKeyId) as { visibility: string }[]
      expect(rows.map((r) => r.visibility)).toEqual(['unlisted'])
    } finally {
      store.close()
    }
  }, 90_000)
})

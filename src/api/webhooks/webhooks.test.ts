/**
 * Webhooks end to end (docs/webhooks.md) against a real receiver on 127.0.0.1: a job's event arrives
 * once and the official Standard Webhooks verifier (`standardwebhooks`) accepts it, a receiver that
 * fails three times gets the fourth attempt from a restarted server, a delivery refused for 24 h is
 * dropped with a notification, and callbacks to private hosts are refused before anything is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setSystemTime, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { makeSkinPng } from '../image/fixtures'
import { jsonInit, startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { loadTokenBox } from '../signing/pool/token-key-file'
import { openStore } from '../store/db'
import { createApiKey } from '../users/identity'
import { listDeliveries } from './deliveries'
import { setKeyWebhook } from './key-webhook'
import { startReceiver } from './test-receiver'

const UA = { 'user-agent': 'WebhookTest/1.0' }
const HOUR = 3_600_000

/** A key of `userId` with its webhook URL set; returns the Authorization header and the whsec_ secret. */
async function keyWithWebhook(t: TestApi, userId: string, url: string, allow: string[]) {
  const store = openStore(t.dir)
  try {
    const { id, key } = await createApiKey(store.db, { name: 'hooks', userId, now: t.clock.now })
    // Sealed with the API's own token key, as the account site on the same server stores it.
    const box = await loadTokenBox(t.dir, t.config.pool.tokenKey)
    const set = await setKeyWebhook(store.sql, { allowPrivateHosts: allow }, { userId, keyId: id, url, now: t.clock.now, box })
    if (!set.ok || !set.secret) throw new Error(`webhook not set: ${JSON.stringify(set)}`)
    // The database holds the secret sealed, never as it is.
    const stored = (await store.sql.get<{ webhook_secret: string }>('SELECT webhook_secret FROM api_keys WHERE id = ?', [id]))!.webhook_secret
    if (!stored.startsWith('g1.') || stored.includes(set.secret.slice(6))) throw new Error('the webhook secret is stored unsealed')
    return { headers: { ...UA, authorization: `Bearer ${key}` }, secret: set.secret, keyId: id }
  } finally {
    store.close()
  }
}

/** Verifies a received request as a receiver would, at the API's clock. */
function verifyAt(now: number, secret: string, r: { headers: Record<string, string>; body: string }) {
  setSystemTime(new Date(now))
  try {
    return new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: any }
  } finally {
    setSystemTime()
  }
}

afterEach(() => setSystemTime())

describe('job events', () => {
  const receiver = startReceiver()
  let t: TestApi
  let auth: Awaited<ReturnType<typeof keyWithWebhook>>
  beforeAll(async () => {
    t = await startTestApi({ env: { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort } })
    auth = await keyWithWebhook(t, 'user-a', receiver.url('/key'), [receiver.hostPort])
  })
  afterAll(async () => {
    await t.close()
    receiver.stop()
  })

  test('a completed job is POSTed once to the key’s URL, and the standardwebhooks library verifies it', async () => {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3701)), headers: auth.headers })
    expect(sub.status).toBe(202)
    await t.api.idle()
    await t.api.webhooks.runDue()
    await t.api.webhooks.runDue()
    const got = receiver.received.filter((r) => r.path === '/key')
    expect(got).toHaveLength(1)
    const event = verifyAt(t.clock.now, auth.secret, got[0]!)
    expect(event.type).toBe('job.completed')
    const read = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: auth.headers })
    // The job and skin as `GET /v2/queue/{id}` shows them (v2 shapes).
    expect(event.data.job).toEqual(read.body.job)
    expect(event.data.skin.uuid).toBe(read.body.skin.uuid)
    expect(event.data.skin.texture).toEqual(read.body.skin.texture)
    expect(got[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{24}$/)
    expect(got[0]!.headers['content-type']).toBe('application/json')
    // Another secret does not verify it.
    expect(() => verifyAt(t.clock.now, 'whsec_' + Buffer.alloc(32, 7).toString('base64'), got[0]!)).toThrow()
  })

  test('a job’s callback gets its own delivery, also signed with the key’s secret', async () => {
    const before = receiver.received.length
    const sub = await t.json('/v2/queue', jsonInit({ url: 'data:image/png;base64,' + Buffer.from(makeSkinPng(3702)).toString('base64'), callback: receiver.url('/callback') }, { headers: auth.headers }))
    expect(sub.status).toBe(202)
    await t.api.idle()
    await t.api.webhooks.runDue()
    const got = receiver.received.slice(before)
    expect(got.map((r) => r.path).sort()).toEqual(['/callback', '/key'])
    const cb = verifyAt(t.clock.now, auth.secret, got.find((r) => r.path === '/callback')!)
    expect(cb.data.job.id).toBe(sub.body.job.id)
  })

  test('the keys page’s list names each delivery with its URL, status and attempts', async () => {
    const store = openStore(t.dir)
    try {
      const list = await listDeliveries(store.sql, 'user-a')
      expect(list.length).toBe(3)
      expect(list.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lastStatus === 204)).toBe(true)
      expect(await listDeliveries(store.sql, 'someone-else')).toEqual([])
    } finally {
      store.close()
    }
  })
})

describe('retries', () => {
  test('a receiver that fails 3 times gets the 4th attempt from a restarted server, same webhook-id', async () => {
    const receiver = startReceiver({ failures: 3 })
    const env = { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort }
    const t = await startTestApi({ env, keepDir: true })
    const auth = await keyWithWebhook(t, 'user-b', receiver.url(), [receiver.hostPort])
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3703)), headers: auth.headers })
    await t.api.idle()
    await t.api.webhooks.runDue()
    for (let i = 0; i < 2; i++) {
      t.clock.now += HOUR
      await t.api.webhooks.runDue()
    }
    expect(receiver.received).toHaveLength(3)
    const later = t.clock.now + HOUR
    await t.close()

    const again = await startTestApi({ env, dir: t.dir })
    try {
      again.clock.now = later
      await again.api.webhooks.runDue()
      expect(receiver.received).toHaveLength(4)
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
      const event = verifyAt(later, auth.secret, receiver.received[3]!)
      expect(event.data.job.id).toBe(sub.body.job.id)
      const store = openStore(t.dir)
      try {
        const [d] = await listDeliveries(store.sql, 'user-b')
        expect(d).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 204 })
      } finally {
        store.close()
      }
      // Delivered means done: nothing more is sent.
      again.clock.now += 5 * HOUR
      await again.api.webhooks.runDue()
      expect(receiver.received).toHaveLength(4)
    } finally {
      await again.close()
      receiver.stop()
    }
  })

  test('after 24 h of failures the delivery is dropped and the key’s owner is notified once', async () => {
    const receiver = startReceiver({ failures: Infinity })
    const t = await startTestApi({ env: { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort } })
    try {
      const auth = await keyWithWebhook(t, 'user-c', receiver.url(), [receiver.hostPort])
      await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3704)), headers: auth.headers })
      await t.api.idle()
      const start = t.clock.now
      await t.api.webhooks.runDue()
      while (t.clock.now < start + 26 * HOUR) {
        t.clock.now += HOUR
        await t.api.webhooks.runDue()
      }
      const attempts = receiver.received.length
      expect(attempts).toBeGreaterThan(5)
      t.clock.now += 48 * HOUR
      await t.api.webhooks.runDue()
      expect(receiver.received).toHaveLength(attempts)
      const store = openStore(t.dir)
      try {
        const [d] = await listDeliveries(store.sql, 'user-c')
        expect(d).toMatchObject({ status: 'dropped', attempts, lastStatus: 500 })
        const notes = store.sqlite.query<{ title: string; message: string }, [string]>('SELECT title, message FROM notifications WHERE user_id = ?').all('user-c')
        expect(notes).toHaveLength(1)
        expect(notes[0]!.message).toContain(receiver.url())
      } finally {
        store.close()
      }
    } finally {
      await t.close()
      receiver.stop()
    }
  })
})

describe('callback rules', () => {
  const receiver = startReceiver()
  let t: TestApi
  let auth: Awaited<ReturnType<typeof keyWithWebhook>>
  beforeAll(async () => {
    t = await startTestApi({
      env: { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort },
      deps: { resolve: async (host) => (host === 'intranet.example' ? ['192.168.1.20'] : ['93.184.215.14']) },
    })
    auth = await keyWithWebhook(t, 'user-d', receiver.url(), [receiver.hostPort])
  })
  afterAll(async () => {
    await t.close()
    receiver.stop()
  })

  const submit = (callback: string, headers: Record<string, string> = auth.headers) =>
    t.json('/v2/queue', jsonInit({ url: 'data:image/png;base64,' + Buffer.from(makeSkinPng(3705)).toString('base64'), callback }, { headers }))

  test.each([
    ['https://127.0.0.1/hook', 'blocked_url_host'],
    ['https://10.1.2.3/hook', 'blocked_url_host'],
    ['https://[::1]/hook', 'blocked_url_host'],
    ['https://intranet.example/hook', 'blocked_url_host'],
    ['http://public.example/hook', 'invalid_callback_url'],
    ['ftp://public.example/hook', 'invalid_callback_url'],
    ['https://user:pw@public.example/hook', 'invalid_callback_url'],
  ])('%s is refused with 400 %s and no job is stored', async (url, code) => {
    const r = await submit(url)
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe(code)
    const jobs = await t.json('/v2/queue', { headers: auth.headers })
    expect(jobs.body.jobs).toEqual([])
  })

  test('a callback needs an API key with a webhook secret', async () => {
    const anonymous = await submit('https://public.example/hook', UA)
    expect(anonymous.status).toBe(400)
    expect(anonymous.body.errors[0].code).toBe('callback_requires_key')
    const store = openStore(t.dir)
    let bare: string
    try {
      bare = (await createApiKey(store.db, { name: 'bare', userId: 'user-d', now: t.clock.now })).key
    } finally {
      store.close()
    }
    const noSecret = await submit('https://public.example/hook', { ...UA, authorization: `Bearer ${bare}` })
    expect(noSecret.status).toBe(400)
    expect(noSecret.body.errors[0].code).toBe('webhook_secret_missing')
  })
})

/**
 * The webhook parts of the API keys page (docs/webhooks.md) over real HTTP on a real SQLite file:
 * setting a URL shows the whsec_ secret once, private hosts are refused, "Send a test event" queues a
 * delivery the API's loop sends to a receiver on 127.0.0.1 (verified with the official
 * `standardwebhooks` library), the page lists it, and only the key's owner can change its webhook.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { openStore, type BunStore } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { createApiKey } from '../../api/users/identity'
import { bunSqliteClient } from '../../api/store/sql'
import { createWebhookDispatcher } from '../../api/webhooks/dispatcher'
import { startReceiver } from '../../api/webhooks/test-receiver'
import { createAccountsApp } from '../app'
import { deleteAccount } from '../services/delete-account'
import { createRefreshSession, REFRESH_COOKIE } from '../services/tokens'
import { testAccountsDeps } from '../testing/test-deps'

const APP = 'http://app.test'
const ADA = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const receiver = startReceiver()
const clock = { now: Date.now() }
let dir: string
let store: BunStore
let app: ReturnType<typeof createAccountsApp>
let wakes = 0
let deps: ReturnType<typeof testAccountsDeps>
let keyId: string
const cookieOf: Record<string, string> = {}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-key-webhooks-'))
  store = openStore(dir)
  deps = testAccountsDeps(store, { appOrigin: APP, now: () => clock.now, webhooks: { rules: { allowPrivateHosts: [receiver.hostPort] }, wake: () => void wakes++ } })
  app = createAccountsApp(deps)
  for (const [id, email] of [[ADA, 'ada@example.test'], [BOB, 'bob@example.test']] as const) {
    store.db.insert(users).values({ id, email, createdAt: clock.now }).run()
    cookieOf[id] = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, id)).token}`
  }
  keyId = (await createApiKey(store.db, { name: 'My plugin', userId: ADA, now: clock.now })).id
})
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
  receiver.stop()
})

const page = async (user: string, query = '') => (await app.request(`/keys${query}`, { headers: { cookie: cookieOf[user]!, accept: 'text/html' } })).text()
const post = (user: string, path: string, fields: Record<string, string> = {}, origin = APP) =>
  app.request(path, { method: 'POST', headers: { cookie: cookieOf[user]!, origin, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
/** Runs the API's delivery loop over the same database once, as the embedded API would after the wake-up. */
async function deliverDue() {
  const loop = createWebhookDispatcher({ sql: bunSqliteClient(store.sqlite), now: () => clock.now, random: () => 0.5, rules: { allowPrivateHosts: [receiver.hostPort] }, pollMs: 0, keysUrl: `${APP}/accounts/keys` })
  await loop.start()
  await loop.runDue()
  await loop.stop()
}
const secretIn = (html: string) => html.match(/whsec_[A-Za-z0-9+/=]+/)?.[0]

describe('keys page: webhooks', () => {
  let secret: string

  test('a refused URL is shown again in its form with what is wrong with it, and nothing is stored', async () => {
    expect(await page(ADA)).toContain('not set')
    const refused = async (url: string) => {
      const r = await post(ADA, `/keys/${keyId}/webhook`, { url })
      expect(r.status).toBe(400)
      const html = await r.text()
      // The key's webhook form is open, holds what was typed, and is marked invalid with the reason.
      expect(html).toContain(`value="${url.replace(/&/g, '&amp;')}"`)
      expect(html).toContain('aria-invalid="true"')
      expect(html).toMatch(/<details class="accounts-b__webhook" open="">/)
      return html
    }
    expect(await refused('https://10.0.0.5/hook')).toContain('10.0.0.5 is a private, local or reserved address')
    expect(await refused('https://127.0.0.1/hook')).toContain('127.0.0.1 is a private')
    expect(await refused('http://example.com/hook')).toContain('Webhooks are sent over https only; this URL uses http.')
    expect(await refused('https://ada:pw@example.com/hook')).toContain('Remove the user name and password from the URL')
    expect(await refused('not a url')).toContain('This is not a web address.')
    expect(store.sqlite.query('SELECT webhook_url, webhook_secret FROM api_keys WHERE id = ?').get(keyId)).toEqual({ webhook_url: null, webhook_secret: null })
  })

  test('the first URL shows the whsec_ secret once; the list shows the URL but never the secret', async () => {
    const r = await post(ADA, `/keys/${keyId}/webhook`, { url: receiver.url('/hooks') })
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-store')
    secret = secretIn(await r.text())!
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const html = await page(ADA)
    expect(html).toContain(receiver.url('/hooks'))
    expect(secretIn(html)).toBeUndefined()
  })

  test('another user cannot change the key’s webhook; a foreign origin is refused', async () => {
    const r = await post(BOB, `/keys/${keyId}/webhook`, { url: 'https://example.com/evil' })
    expect(r.headers.get('location')).toContain('webhookError=notFound')
    const csrf = await post(ADA, `/keys/${keyId}/webhook`, { url: 'https://example.com/evil' }, 'https://evil.test')
    expect(csrf.status).toBe(403)
    expect(store.sqlite.query('SELECT webhook_url FROM api_keys WHERE id = ?').get(keyId)).toEqual({ webhook_url: receiver.url('/hooks') })
  })

  test('"Send a test event" is delivered, verifies with the shown secret, and is listed', async () => {
    const r = await post(ADA, `/keys/${keyId}/webhook/test`)
    expect(r.headers.get('location')).toContain('webhook=tested')
    expect(wakes).toBe(1)
    expect(await page(ADA)).toContain('data-status="pending"')
    await deliverDue()
    expect(receiver.received).toHaveLength(1)
    const event = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers) as { type: string }
    expect(event.type).toBe('test')
    const html = await page(ADA)
    expect(html).toContain('data-status="delivered"')
    expect(html).toContain('Delivered (HTTP 204)')
    expect(await page(BOB)).not.toContain('data-status=')
  })

  test('a new secret replaces the old one: the next delivery verifies only with the new secret', async () => {
    const r = await post(ADA, `/keys/${keyId}/webhook/rotate`)
    const fresh = secretIn(await r.text())!
    expect(fresh).toMatch(/^whsec_/)
    expect(fresh).not.toBe(secret)
    await post(ADA, `/keys/${keyId}/webhook/test`)
    await deliverDue()
    const last = receiver.received.at(-1)!
    expect(() => new Webhook(secret).verify(last.body, last.headers)).toThrow()
    expect((new Webhook(fresh).verify(last.body, last.headers) as { type: string }).type).toBe('test')
  })

  test('a test event that fails is tried once, shown as failed, and no one is notified', async () => {
    const before = receiver.received.length
    receiver.failNext(1)
    await post(ADA, `/keys/${keyId}/webhook/test`)
    await deliverDue()
    clock.now += 3_600_000
    await deliverDue()
    expect(receiver.received.length).toBe(before + 1)
    expect(await page(ADA)).toContain('Failed (HTTP 500); a test event is sent once')
    expect(store.sqlite.query("SELECT count(*) AS n FROM notifications WHERE user_id = ?").get(ADA)).toEqual({ n: 0 })
  })

  test('"Send a test event" may be clicked 5 times, then waits 10 minutes', async () => {
    clock.now += 2 * 3_600_000 // an hour without a test forgets the earlier ones
    for (let i = 0; i < 5; i++) expect((await post(ADA, `/keys/${keyId}/webhook/test`)).headers.get('location')).toContain('webhook=tested')
    const sixth = await post(ADA, `/keys/${keyId}/webhook/test`)
    const location = sixth.headers.get('location')!
    expect(location).toContain('webhookError=testThrottled')
    expect(await page(ADA, new URL(location, APP).search)).toContain('You sent several test events just now. You can send the next one in 10 min.')
    const queued = store.sqlite.query("SELECT count(*) AS n FROM webhook_deliveries WHERE type = 'test' AND created_at >= ?").get(clock.now) as { n: number }
    expect(queued.n).toBe(5)
    clock.now += 10 * 60_000 + 1000
    expect((await post(ADA, `/keys/${keyId}/webhook/test`)).headers.get('location')).toContain('webhook=tested')
    clock.now += 2 * 3_600_000
  })

  test('saving an empty URL removes the webhook', async () => {
    const r = await post(ADA, `/keys/${keyId}/webhook`, { url: '' })
    expect(r.headers.get('location')).toContain('webhook=removed')
    expect(await page(ADA)).toContain('not set')
  })

  test('deleting the account clears the keys’ webhook secrets and deletes their deliveries', async () => {
    await post(ADA, `/keys/${keyId}/webhook`, { url: receiver.url('/again') })
    await post(ADA, `/keys/${keyId}/webhook/test`)
    expect((store.sqlite.query('SELECT count(*) AS n FROM webhook_deliveries WHERE user_id = ?').get(ADA) as { n: number }).n).toBeGreaterThan(0)
    await deleteAccount(deps, { id: ADA, email: 'ada@example.test' })
    expect(store.sqlite.query('SELECT count(*) AS n FROM webhook_deliveries WHERE user_id = ?').get(ADA)).toEqual({ n: 0 })
    expect(store.sqlite.query('SELECT webhook_url, webhook_secret FROM api_keys WHERE id = ?').get(keyId)).toEqual({ webhook_url: null, webhook_secret: null })
  })
})

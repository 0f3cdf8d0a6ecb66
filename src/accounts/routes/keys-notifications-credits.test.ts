import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findApiKey } from '../../api/users/identity/api-keys'
import { createCreditLedger } from '../../api/users/services/credits'
import { createNotification, listNotifications } from '../../api/users/services/notifications'
import { addSubscription } from '../../api/users/services/subscription-grants'
import { openStore, type BunStore as Store } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { accountNotificationSchema } from '../../shared/api/account-api'
import { createAccountsApp } from '../app'
import type { AccountsDeps } from '../deps'
import { createRefreshSession, REFRESH_COOKIE } from '../services/tokens'
import { testAccountsDeps } from '../testing/test-deps'

const APP = 'http://app.test'
const NOW = Date.UTC(2026, 10, 22, 12)
let dir: string
let store: Store
let deps: AccountsDeps
let app: ReturnType<typeof createAccountsApp>
const ADA = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const cookieOf: Record<string, string> = {}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-accounts-b-'))
  store = openStore(dir)
  deps = testAccountsDeps(store, { appOrigin: APP, now: () => NOW })
  app = createAccountsApp(deps)
  for (const [id, email] of [[ADA, 'ada@example.test'], [BOB, 'bob@example.test']] as const) {
    store.db.insert(users).values({ id, email, createdAt: NOW }).run()
    cookieOf[id] = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, id)).token}`
  }
})
afterAll(async () => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A request to the account app as seen under `/accounts` of the app origin (mounted with the prefix stripped). */
const call = (path: string, init: RequestInit & { user?: string; origin?: string | null } = {}) => {
  const headers = new Headers(init.headers)
  if (init.user) headers.set('cookie', cookieOf[init.user]!)
  if (init.origin !== null && init.method && init.method !== 'GET') headers.set('origin', init.origin ?? APP)
  return app.fetch(new Request(`${APP}${path}`, { ...init, headers }))
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('account API: notifications', () => {
  test('GET lists the own undismissed notifications; DELETE dismisses own only, others → 404; foreign origin → 403', async () => {
    const a1 = await createNotification(store.db, { userId: ADA, title: 'Old', message: 'first', now: NOW - 1000 })
    const a2 = await createNotification(store.db, { userId: ADA, title: 'New', message: 'second', level: 'warning', links: [{ title: 'Credits', url: '/accounts/credits' }], now: NOW })
    const b1 = await createNotification(store.db, { userId: BOB, title: 'Bob', message: 'his', now: NOW })

    const list = await call('/notifications', { user: ADA, headers: { accept: 'application/json' } })
    expect(list.status).toBe(200)
    const body = (await list.json()) as { notifications: unknown[] }
    expect(body.notifications.map((n) => accountNotificationSchema.parse(n).id)).toEqual([a2, a1])
    expect(body.notifications[0]).toEqual({ id: a2, title: 'New', message: 'second', level: 'warning', links: [{ title: 'Credits', url: '/accounts/credits' }], createdAt: NOW })

    expect((await call(`/notifications/${b1}`, { method: 'DELETE', user: ADA })).status).toBe(404)
    expect((await call(`/notifications/${a1}`, { method: 'DELETE', user: ADA, origin: 'https://evil.test' })).status).toBe(403)
    expect((await call(`/notifications/${a1}`, { method: 'DELETE', user: ADA, origin: null })).status).toBe(403)
    expect((await call(`/notifications/${a1}`, { method: 'DELETE' })).status).toBe(401)
    expect((await call(`/notifications/${a1}`, { method: 'DELETE', user: ADA })).status).toBe(204)
    expect((await listNotifications(store.db, ADA)).map((n) => n.id)).toEqual([a2])
    expect((await listNotifications(store.db, BOB)).map((n) => n.id)).toEqual([b1])
    expect((await call('/notifications', { headers: { accept: 'application/json' } })).status).toBe(401)
  })

  test('the page lists notifications and dismisses with a form', async () => {
    const id = await createNotification(store.db, { userId: BOB, title: 'Skin removed', message: 'Your skin was removed.', level: 'error', now: NOW })
    const page = await call('/notifications', { user: BOB, headers: { accept: 'text/html' } })
    const html = await page.text()
    expect(html).toContain('Skin removed')
    expect(html).toContain('accounts-b__note--error')
    const r = await call(`/notifications/${id}/dismiss`, { method: 'POST', user: BOB })
    expect(r.status).toBe(303)
    expect((await listNotifications(store.db, BOB)).map((n) => n.id)).not.toContain(id)
    const signedOut = await call('/notifications', { headers: { accept: 'text/html' } })
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toStartWith('/accounts/sign-in?')
  })
})

describe('API keys page', () => {
  test('create shows the secret once; the list shows it without the secret; revoke needs the owner and an allowed origin', async () => {
    const created = await call('/keys', { method: 'POST', user: ADA, body: form({ name: 'Plugin', useCredits: '1', origins: 'https://shop.example' }) })
    expect(created.status).toBe(200)
    const html = await created.text()
    const key = />(ssg_[0-9a-f]{64})<\/textarea>/.exec(html)?.[1]
    expect(key).toBeDefined()
    const row = (await findApiKey(store.db, key!))!
    expect([row.userId, row.name, row.useCredits, row.allowedOrigins]).toEqual([ADA, 'Plugin', 1, '["https://shop.example"]'])

    const list = await (await call('/keys', { user: ADA })).text()
    expect(list).toContain('Plugin')
    expect(list).not.toContain(key!)
    expect(await (await call('/keys', { user: BOB })).text()).not.toContain('Plugin')

    const bad = await call('/keys', { method: 'POST', user: ADA, body: form({ name: '', origins: '' }) })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Enter a name for the key.')

    expect((await call(`/keys/${row.id}/revoke`, { method: 'POST', user: BOB })).status).toBe(404)
    expect((await call(`/keys/${row.id}/revoke`, { method: 'POST', user: ADA, origin: 'https://evil.test' })).status).toBe(403)
    expect(await findApiKey(store.db, key!)).not.toBeNull()
    const revoked = await call(`/keys/${row.id}/revoke`, { method: 'POST', user: ADA })
    expect(revoked.status).toBe(303)
    expect(await findApiKey(store.db, key!)).toBeNull()
  })

  test('pages are translated', async () => {
    const de = await (await call('/keys?lang=de', { user: ADA })).text()
    expect(de).toContain('API-Schlüssel')
    expect(de).toContain('Schlüssel erstellen')
  })
})

describe('credits and grants page', () => {
  test('shows the balance by type, ledger rows, subscriptions and the effective grants', async () => {
    const ledger = createCreditLedger(store.db)
    await ledger.add({ userId: BOB, amount: 100, type: 'paid', now: NOW })
    await ledger.add({ userId: BOB, amount: 5, type: 'reward', period: 'day', now: NOW })
    await addSubscription(store.db, { id: 'sub1', userId: BOB, productGroup: 'feat_pack', status: 'active', now: NOW })
    const html = await (await call('/credits', { user: BOB })).text()
    expect(html).toContain('105 of 105')
    expect(html).toContain('Paid')
    expect(html).toContain('Daily')
    expect(html).toContain('Feature pack')
    expect(html).toMatch(/No ads<\/dt><dd>Yes/)
    const empty = await (await call('/credits', { user: ADA })).text()
    expect(empty).toContain('No credits yet.')
    expect(empty).toMatch(/No ads<\/dt><dd>No/)
  })
})

/**
 * The operator console's pages over HTTP, on the account app and a real API
 * sharing one SQLite file: the report queue and its actions as a moderator uses them, the audit log
 * and undo, the users pages with every form an admin uses (the same changes as `bun run accounts`),
 * and the site status. Texts are checked in English and in German.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { makeSkinPng } from '../../../api/image/fixtures'
import { createApiKey } from '../../../api/users/identity/api-keys'
import { users } from '../../../api/store/schema'
import { uploadForm } from '../../../api/testing/api-harness'
import { startConsoleHarness, type ConsoleHarness } from '../../testing/console-harness'
import { parseExposition, sampleValue } from '../../../../test/support/prometheus-text'
import { createMetricsRegistry } from '../../../shared/metrics/registry'
import { JOB_DURATION_BUCKETS } from '../../../api/metrics/job-figures'
import { histogramQuantile } from '../../../api/metrics/histogram-quantile'
import { registerDbMetrics } from '../../../api/metrics/db-metrics'
import { createAccountsApp } from '../../app'
import { formatBytes, formatDuration } from './status'

let h: ConsoleHarness
/** The API's metrics, as `/metrics` would render them. */
const registry = createMetricsRegistry()
const ADA = 'a1'.repeat(16)

/** The page's text (tags dropped), for "the page says" checks. */
const textOf = async (res: Response) => (await res.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
const publicList = async () => ((await h.api.json('/v2/skins?size=100')).body.skins as { uuid: string }[]).map((s) => s.uuid)
const location = (res: Response) => new URL(res.headers.get('location')!, 'http://x')

beforeAll(async () => {
  h = await startConsoleHarness({ deps: { metrics: registry } })
  h.store.db.insert(users).values({ id: ADA, email: 'ada@example.test', name: 'Ada Lovelace', createdAt: h.api.clock.now - 1000 }).run()
})
afterAll(() => h.close())

describe('report queue', () => {
  test('one skin reported three times is one queue item with three reports; hide takes it out of every list, the audit log shows it, undo puts it back', async () => {
    const skin = await h.newSkin(8101, 'Reported skin')
    const other = await h.newSkin(8102, 'Quiet skin')
    h.report(skin.uuid, 'ip:203.0.113.1', 'skin')
    h.report(skin.uuid, 'client:abc', 'name')
    h.report(skin.uuid, 'user:u9', 'skin')
    expect(await publicList()).toContain(skin.uuid)

    const queue = await (await h.get('/admin/reports?sort=most', 'moderator')).text()
    const items = [...queue.matchAll(/data-testid="report-item"[^>]*data-skin="([0-9a-f]+)"|data-skin="([0-9a-f]+)"[^>]*data-testid="report-item"/g)].map((m) => m[1] ?? m[2])
    expect(items.filter((u) => u === skin.uuid)).toHaveLength(1)
    expect(items).not.toContain(other.uuid)
    expect(queue).toContain('Reported skin')

    const hidden = await h.post(`/admin/reports/${skin.uuid}`, 'moderator', { action: 'hide', note: 'not for the gallery', sort: 'most' })
    expect(hidden.status).toBe(303)
    const back = location(hidden)
    expect(back.pathname).toBe('/accounts/admin/reports')
    expect(back.searchParams.get('done')).toBe('hide')
    expect(await publicList()).not.toContain(skin.uuid)
    // The skin's page stays for its owner; the public API no longer lists or finds it.
    const search = await h.api.json(`/v2/skins?size=100&search=${encodeURIComponent('Reported')}`)
    expect((search.body.skins as { uuid: string }[]).map((s) => s.uuid)).not.toContain(skin.uuid)
    const queueAfter = await (await h.get(`/admin/reports?done=hide&log=${back.searchParams.get('log')}`, 'moderator')).text()
    expect(queueAfter).not.toContain(`data-skin="${skin.uuid}"`)
    expect(queueAfter).toContain(`/admin/audit/${back.searchParams.get('log')}/undo`)

    const log = await textOf(await h.get('/admin/audit', 'moderator'))
    expect(log).toContain('not for the gallery')
    expect(log).toContain('moderator@console.test')

    const undo = await h.post(`/admin/audit/${back.searchParams.get('log')}/undo`, 'moderator', { from: 'audit' })
    expect(undo.status).toBe(303)
    expect(await publicList()).toContain(skin.uuid)
    const again = await h.post(`/admin/audit/${back.searchParams.get('log')}/undo`, 'moderator', { from: 'audit' })
    expect(again.status).toBe(409)
  })

  test('ban the texture from the queue (the next generate of it is a 403 texture_banned); an unknown action is a 400 with the reason on the page, in German too', async () => {
    const skin = await h.newSkin(8103, 'Tagged skin')
    h.report(skin.uuid, 'ip:203.0.113.2', 'tags')
    const ban = await h.post(`/admin/reports/${skin.uuid}`, 'moderator', { action: 'ban_texture' })
    expect(ban.status).toBe(303)
    const again = await h.api.json('/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(8103)), headers: { 'user-agent': 'ConsoleTest/1.0' } })
    expect(again.status).toBe(403)
    expect(again.body.errors[0].code).toBe('texture_banned')

    const bad = await h.post(`/admin/reports/${skin.uuid}?lang=de`, 'moderator', { action: 'explode' })
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).toContain('lang="de"')
    expect(text).toContain('role="alert"')
    const gone = await h.post('/admin/reports/ffffffffffffffffffffffffffffffff', 'moderator', { action: 'hide' })
    expect(gone.status).toBe(404)
  })
})

describe('users and keys', () => {
  test('search by e-mail or name finds the user; the user page shows skins, keys, grants, credits and notifications', async () => {
    const byMail = await (await h.get('/admin/users?q=ada%40example', 'admin')).text()
    expect(byMail).toContain(`/admin/users/${ADA}`)
    const byName = await (await h.get('/admin/users?q=Lovelace', 'admin')).text()
    expect(byName).toContain(`/admin/users/${ADA}`)
    const none = await (await h.get('/admin/users?q=nobody-at-all', 'admin')).text()
    expect(none).not.toContain(`/admin/users/${ADA}`)
    const page = await h.get(`/admin/users/${ADA}`, 'admin')
    expect(page.status).toBe(200)
    const html = await page.text()
    for (const id of ['user-skins', 'user-keys', 'user-grants', 'user-credits', 'user-notifications', 'user-log']) expect(html).toContain(`id="${id}"`)
    expect((await h.get('/admin/users/nope', 'admin')).status).toBe(404)
  })

  test('set and clear a grant, add credits, subscribe and notify: each lands in the data and in the audit log', async () => {
    const grants = () => h.store.sqlite.query<{ grants: string | null }, [string]>('SELECT grants FROM users WHERE id = ?').get(ADA)!.grants
    const set = await h.post(`/admin/users/${ADA}/grants`, 'admin', { grant: 'per_minute', value: '42', op: 'set', note: 'partner' })
    expect(set.status).toBe(303)
    expect(location(set).searchParams.get('done')).toBe('grant_set')
    expect(JSON.parse(grants()!)).toEqual({ per_minute: 42 })
    const wrong = await h.post(`/admin/users/${ADA}/grants`, 'admin', { grant: 'per_minute', value: 'lots', op: 'set' })
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('role="alert"')
    const cleared = await h.post(`/admin/users/${ADA}/grants`, 'admin', { grant: 'per_minute', op: 'clear' })
    expect(cleared.status).toBe(303)
    expect(grants()).toBeNull()

    expect((await h.post(`/admin/users/${ADA}/credits`, 'admin', { amount: '250', type: 'free', period: 'once' })).status).toBe(303)
    expect((await h.post(`/admin/users/${ADA}/credits`, 'admin', { amount: '-5' })).status).toBe(400)
    expect(h.store.sqlite.query<{ n: number }, [string]>('SELECT sum(total) AS n FROM credits WHERE user_id = ?').get(ADA)!.n).toBe(250)
    expect((await h.post(`/admin/users/${ADA}/subscriptions`, 'admin', { group: 'credits', status: 'active' })).status).toBe(303)
    expect((await h.post(`/admin/users/${ADA}/notify`, 'admin', { title: 'Welcome', message: 'Your partner grant is live.', level: 'success' })).status).toBe(303)
    expect((await h.post(`/admin/users/${ADA}/notify`, 'admin', { title: '', message: '' })).status).toBe(400)
    expect(h.store.sqlite.query<{ title: string }, [string]>('SELECT title FROM notifications WHERE user_id = ?').get(ADA)!.title).toBe('Welcome')

    const page = await h.get(`/admin/users/${ADA}`, 'admin')
    const html = await page.text()
    expect(html.match(/data-testid="user-log"/g)!.length).toBeGreaterThanOrEqual(5)
    expect(html).toContain('Welcome')
  })

  test('revoke a key: the API refuses it at once; undo makes it work again', async () => {
    const { id, key } = await createApiKey(h.store.db, { name: 'ada bot', userId: ADA, now: h.api.clock.now })
    const me = () => h.api.call('/v2/me', { headers: { authorization: `Bearer ${key}` } })
    expect((await me()).status).toBe(200)
    const revoked = await h.post(`/admin/users/${ADA}/keys/${id}/revoke`, 'admin', { note: 'leaked' })
    expect(revoked.status).toBe(303)
    expect((await me()).status).toBe(403)
    // A key of another user cannot be revoked from this user's page.
    expect((await h.post(`/admin/users/${ADA}/keys/${h.ids.user.slice(0, 24)}/revoke`, 'admin')).status).toBe(404)
    const logId = h.store.sqlite.query<{ id: number }, []>("SELECT max(id) AS id FROM moderation_log WHERE action = 'revoke_key'").get()!.id
    expect((await h.post(`/admin/users/${ADA}/undo/${logId}`, 'admin')).status).toBe(303)
    expect((await me()).status).toBe(200)
  })

  test('lock: sessions and keys stop at once, the data stays; an admin cannot lock themselves; unlock', async () => {
    const { key } = await createApiKey(h.store.db, { name: 'ada lock', userId: ADA, now: h.api.clock.now })
    const locked = await h.post(`/admin/users/${ADA}/lock`, 'admin', { note: 'abuse' })
    expect(locked.status).toBe(303)
    const me = await h.api.json('/v2/me', { headers: { authorization: `Bearer ${key}` } })
    expect(me.status).toBe(403)
    expect(me.body.errors[0].code).toBe('account_locked')
    expect(await textOf(await h.get(`/admin/users/${ADA}`, 'admin'))).toContain('ada@example.test')
    expect((await h.post(`/admin/users/${h.ids.admin}/lock`, 'admin')).status).toBe(409)
    expect((await h.post(`/admin/users/${ADA}/unlock`, 'admin')).status).toBe(303)
    expect((await h.api.call('/v2/me', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
  })

  test('remove a skin by id from the users page, as the CLI does; an unknown id is a 404 with the reason', async () => {
    const skin = await h.newSkin(8104, 'To remove')
    const removed = await h.post('/admin/users/remove-skin', 'admin', { skin: skin.uuid, note: 'DMCA' })
    expect(removed.status).toBe(303)
    expect((await h.api.call(`/v2/skins/${skin.uuid}`)).status).toBe(404)
    const unknown = await h.post('/admin/users/remove-skin?lang=de', 'admin', { skin: 'ffffffffffffffffffffffffffffffff' })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('lang="de"')
  })
})

describe('site status', () => {
  test('jobs of the last 24 h as an SVG chart, the queue, the signer, open reports, storage and the last backup', async () => {
    const before = await (await h.get('/admin', 'admin')).text()
    expect(before).toContain('<svg')
    expect(before).toContain('data-testid="signer-kind"')
    expect(before).toContain('data-testid="backup-never"')
    const skin = await h.newSkin(8105)
    h.report(skin.uuid, 'ip:203.0.113.9')
    const open = h.store.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM skin_reports WHERE status = 'open'").get()!.n
    mkdirSync(`${h.api.dir}/backups`, { recursive: true })
    writeFileSync(`${h.api.dir}/backups/ssg-20261122T110000Z.sqlite`, '')
    const html = await (await h.get('/admin', 'admin')).text()
    expect(html).toMatch(new RegExp(`data-testid="reports-open"><dt>[^<]+</dt><dd>${open}</dd>`))
    expect(html).toContain('ssg-20261122T110000Z.sqlite')
    expect(html).toMatch(/data-testid="jobs-completed"><dt>[^<]+<\/dt><dd>[1-9]/)
    const de = await (await h.get('/admin?lang=de', 'admin')).text()
    expect(de).toContain('lang="de"')
  })

  test('jobs since counting began, their median wait and run, the queue and storage are the figures /metrics gives', async () => {
    await h.newSkin(8106)
    // A job another process failed after 4 s of waiting and 1.5 s of work (the triggers count it as the queue's).
    const t = h.api.clock.now
    h.store.sqlite.run(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at, errors) VALUES ('f00dfeed', 'failed', 'upload', '{}', 'b', ?, ?, ?, ?)`, [
      t - 5500,
      t - 1500,
      t,
      JSON.stringify([{ code: 'skin_change_failed', message: 'refused' }]),
    ])
    const html = await (await h.get('/admin', 'admin')).text()
    const e = parseExposition(await registry.render())
    const fact = (id: string) => new RegExp(`data-testid="${id}"><dt>[^<]+</dt><dd>([^<]+)</dd>`).exec(html)?.[1]
    const completed = sampleValue(e, 'ssg_jobs_finished_total', { status: 'completed', code: '' })!
    expect(completed).toBeGreaterThan(0)
    expect(fact('all-time-completed')).toBe(String(completed))
    expect(sampleValue(e, 'ssg_jobs_finished_total', { status: 'failed', code: 'skin_change_failed' })).toBe(1)
    expect(fact('all-time-failed')).toBe('1')
    const median = (name: string) => {
      const cumulative = [...JOB_DURATION_BUCKETS.map((le) => sampleValue(e, `${name}_bucket`, { le: String(le) })!), sampleValue(e, `${name}_bucket`, { le: '+Inf' })!]
      return formatDuration('en', histogramQuantile(0.5, { buckets: JOB_DURATION_BUCKETS, cumulative, count: sampleValue(e, `${name}_count`)! })!.seconds)
    }
    expect(fact('all-time-wait')).toBe(median('ssg_job_wait_seconds'))
    expect(fact('all-time-run')).toBe(median('ssg_job_run_seconds'))
    expect(fact('queue-waiting')).toBe(String(sampleValue(e, 'ssg_queue_jobs', { status: 'waiting' })))
    expect(fact('queue-processing')).toBe(String(sampleValue(e, 'ssg_queue_jobs', { status: 'processing' })))
    expect(fact('storage-used')).toBe(formatBytes('en', sampleValue(e, 'ssg_storage_used_bytes')!))
  })

  test('with the Mojang pool, the signer card counts the accounts by state as ssg_pool_accounts does', async () => {
    const now = h.api.clock.now
    const add = (id: string, extra: string, value: number | null) =>
      h.store.sqlite.run(`INSERT INTO accounts (id, name, type, token_source, access_token, created_at, ${extra}) VALUES (?, ?, 'microsoft', 'pasted', 'x', ?, ?)`, [id, `Acc${id}`, now - 60_000, value])
    add('p1'.repeat(16), 'timeout_until', now + 600_000)
    add('p2'.repeat(16), 'timeout_until', now + 300_000)
    add('p3'.repeat(16), 'paused_at', now - 1000)
    add('p4'.repeat(16), 'timeout_until', 0)
    const manager = h.api.api.signingPool.manager
    const app = createAccountsApp({ ...h.deps, pool: manager, siteStatus: { ...h.deps.siteStatus!, signer: { kind: 'mojang' } } })
    const html = await (await app.request('/admin', { headers: { cookie: h.cookies.admin } })).text()
    const pool = createMetricsRegistry()
    registerDbMetrics(pool, { sql: h.store.sql, storageBudgetBytes: 0, poolCounts: () => manager.counts() })
    const e = parseExposition(await pool.render())
    const shown = (state: string, word: string) => `${word}: ${sampleValue(e, 'ssg_pool_accounts', { state })}`
    expect(sampleValue(e, 'ssg_pool_accounts', { state: 'cooling_down' })).toBe(2)
    expect(html).toContain(`data-testid="signer-pool"><dt>Signing accounts</dt><dd>${[shown('ready', 'Ready'), shown('cooling_down', 'Resting'), shown('paused', 'Paused')].join(' · ')}</dd>`)
    h.store.sqlite.run(`DELETE FROM accounts WHERE id IN (?, ?, ?, ?)`, ['p1', 'p2', 'p3', 'p4'].map((p) => p.repeat(16)))
  })
})

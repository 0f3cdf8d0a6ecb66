/**
 * The signing-account manager pages over HTTP through the account app, with a
 * stand-in PoolManager (TEST DOUBLE, below) that keeps accounts and sign-ins in Maps and applies the
 * interface's rules: owners touch their own accounts, pool admins every one, only admins disable,
 * only owners remove, and whatever the actor may not touch answers false / null. The rights of a pool
 * admin ("pool admins disable, owners remove") are also checked against the real manager over the
 * SQLite database, the rows read back from it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PoolSignInError, type SignInErrorCode } from '../../api/signing/pool/microsoft/errors'
import { putPoolAccount } from '../../api/signing/pool/pool-account-store'
import { createPoolManager } from '../../api/signing/pool/pool-manager'
import { countStatuses } from '../../api/signing/pool/pool-counts'
import { createTokenBox } from '../../api/signing/pool/token-box'
import type { PoolAccountView, PoolActor, PoolManager, SignInView } from '../../api/signing/pool/pool-views'
import { openStore, type BunStore as Store } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { createAccountsApp } from '../app'
import { createRefreshSession, REFRESH_COOKIE } from '../services/tokens'
import { testAccountsDeps } from '../testing/test-deps'

const APP = 'http://app.test'
const NOW = Date.UTC(2026, 10, 22, 12)
const ADA = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)
const ROOT = 'c3'.repeat(16)
const EMAIL: Record<string, string> = { [ADA]: 'ada@example.test', [BOB]: 'bob@example.test', [ROOT]: 'root@example.test' }

/** TEST DOUBLE of the pool's manager: state in Maps, the interface's access rules, no database or Microsoft. */
function fakePool() {
  const accounts = new Map<string, PoolAccountView>()
  const signIns = new Map<string, { userId: string | null; view: SignInView }>()
  let next = 0
  const may = (actor: PoolActor, id: string) => {
    const a = accounts.get(id)
    return a && (actor.admin || a.ownerUserId === actor.userId) ? a : null
  }
  const change = async (actor: PoolActor, id: string, patch: Partial<PoolAccountView>) => {
    const a = may(actor, id)
    if (!a) return false
    accounts.set(id, { ...a, ...patch })
    return true
  }
  const view = (actor: PoolActor, a: PoolAccountView) => (actor.admin ? { ...a, ownerEmail: a.ownerUserId ? EMAIL[a.ownerUserId]! : null } : a)
  const state = {
    accounts,
    signIns,
    /** The next startSignIn throws this. */
    refuseNext: null as SignInErrorCode | null,
    /** Adds an account owned by `owner`. */
    add(owner: string | null, name: string, patch: Partial<PoolAccountView> = {}): PoolAccountView {
      const id = (++next).toString(16).padStart(32, 'f')
      const a: PoolAccountView = { id, name, status: 'ready', coolingDownUntil: null, uses: 0, lastUsed: 0, lastError: null, errorReason: null, lastErrorAt: null, errorCount: 0, restoreSkin: false, tokenExpiresAt: null, ownerUserId: owner, createdAt: NOW, ...patch }
      accounts.set(id, a)
      return a
    },
    /** Microsoft's answer arrives: the sign-in `id` ends with a new account named `name`, or with `code`. */
    finish(id: string, result: { name: string } | { code: SignInErrorCode }) {
      const s = signIns.get(id)!
      if ('code' in result) s.view = { ...s.view, status: 'failed', errorCode: result.code }
      else {
        const account = s.view.renewAccountId ? accounts.get(s.view.renewAccountId)! : state.add(s.userId, result.name)
        s.view = { ...s.view, status: 'done', account }
      }
    },
    manager: {
      list: async (actor) => [...accounts.values()].filter((a) => may(actor, a.id)).map((a) => view(actor, a)),
      get: async (actor, id) => may(actor, id),
      counts: async () => countStatuses([...accounts.values()].map((a) => a.status)),
      pause: (actor, id) => change(actor, id, { status: 'paused' }),
      resume: (actor, id) => change(actor, id, { status: 'ready' }),
      remove: async (actor, id) => accounts.get(id)?.ownerUserId === actor.userId && accounts.delete(id),
      setDisabled: async (actor, id, disabled) => actor.admin && change(actor, id, { status: disabled ? 'disabled' : 'ready' }),
      setRestoreSkin: (actor, id, on) => change(actor, id, { restoreSkin: on }),
      async startSignIn(actor, opts = {}) {
        if (state.refuseNext) {
          const code = state.refuseNext
          state.refuseNext = null
          throw new PoolSignInError(code)
        }
        if (opts.renewAccountId && !may(actor, opts.renewAccountId)) throw new PoolSignInError('sign_in_wrong_account')
        const id = `s${++next}`
        const v: SignInView = { id, status: 'pending', userCode: 'ABCD-EFGH', verificationUri: 'https://www.microsoft.com/link', expiresAt: NOW + 900_000, intervalS: 5, errorCode: null, account: null, renewAccountId: opts.renewAccountId ?? null }
        signIns.set(id, { userId: actor.userId, view: v })
        return v
      },
      async checkSignIn(actor, id) {
        const s = signIns.get(id)
        if (!s || s.userId !== actor.userId) return null
        const account = s.view.account ? (accounts.get(s.view.account.id) ?? null) : null
        return { ...s.view, account }
      },
    } satisfies PoolManager,
  }
  return state
}

let dir: string
let store: Store
let pool: ReturnType<typeof fakePool>
let app: ReturnType<typeof createAccountsApp>
let bare: ReturnType<typeof createAccountsApp>
const cookieOf: Record<string, string> = {}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-signing-'))
  store = openStore(dir)
  pool = fakePool()
  const deps = testAccountsDeps(store, { appOrigin: APP, now: () => NOW, pool: pool.manager })
  app = createAccountsApp(deps)
  bare = createAccountsApp(testAccountsDeps(store, { appOrigin: APP, now: () => NOW }))
  for (const id of [ADA, BOB, ROOT]) {
    store.db.insert(users).values({ id, email: EMAIL[id]!, createdAt: NOW, grants: id === ROOT ? JSON.stringify({ pool_admin: true }) : null }).run()
    cookieOf[id] = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, id)).token}`
  }
})
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  pool.accounts.clear()
  pool.signIns.clear()
})

/** A request to the account app as seen under `/accounts` (mounted with the prefix stripped). */
const call = (path: string, init: RequestInit & { user?: string; origin?: string | null; on?: ReturnType<typeof createAccountsApp> } = {}) => {
  const headers = new Headers(init.headers)
  if (init.user) headers.set('cookie', cookieOf[init.user]!)
  if (init.origin !== null && init.method && init.method !== 'GET') headers.set('origin', init.origin ?? APP)
  return (init.on ?? app).fetch(new Request(`${APP}${path}`, { ...init, headers }))
}
const post = (path: string, user: string, fields: Record<string, string> = {}) => call(path, { method: 'POST', user, body: new URLSearchParams(fields) })
const page = async (path: string, user?: string) => {
  const res = await call(path, { user })
  return { status: res.status, html: await res.text() }
}
/** A redirect's target as a path of the account app (without `/accounts`). */
const target = (res: Response) => {
  expect(res.status).toBe(303)
  const url = new URL(res.headers.get('location')!, APP)
  expect(url.pathname.startsWith('/accounts/')).toBe(true)
  return url.pathname.slice('/accounts'.length) + url.search
}

describe('signing accounts: access', () => {
  test('not signed in: the list and its forms lead to sign-in and back', async () => {
    const res = await call('/signing-accounts')
    const location = new URL(res.headers.get('location')!, APP)
    expect(res.status).toBe(303)
    expect(location.pathname).toBe('/accounts/')
    expect(location.searchParams.get('redirect')).toContain('/accounts/signing-accounts')
    expect((await call('/signing-accounts', { method: 'POST', body: new URLSearchParams({ agree: '1' }) })).status).toBe(303)
    expect(pool.signIns.size).toBe(0)
  })

  test('without the pool the pages say they are not available here (404)', async () => {
    const res = await call('/signing-accounts', { user: ADA, on: bare })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Signing accounts are not available on this server.')
  })

  test('a POST from a foreign origin is refused (CSRF)', async () => {
    const a = pool.add(ADA, 'AdaCraft')
    const res = await call(`/signing-accounts/${a.id}/pause`, { method: 'POST', user: ADA, origin: 'https://evil.test' })
    expect(res.status).toBe(403)
    expect(pool.accounts.get(a.id)!.status).toBe('ready')
  })

  test('/manage links to the signing accounts', async () => {
    const { html } = await page('/manage', ADA)
    expect(html).toContain('href="/accounts/signing-accounts?lang=en"')
  })
})

describe('signing accounts: adding one through the Microsoft sign-in', () => {
  test('the consent text comes before the add form and the list', async () => {
    pool.add(ADA, 'AdaCraft')
    const { status, html } = await page('/signing-accounts', ADA)
    expect(status).toBe(200)
    const consent = html.indexOf('its skin is changed every few minutes')
    expect(consent).toBeGreaterThan(0)
    expect(html).toContain('You can pause it while you play, or remove it at any time.')
    expect(html).toContain('We store an encrypted Microsoft sign-in token, never your password.')
    expect(consent).toBeLessThan(html.indexOf('name="agree"'))
    expect(html.indexOf('name="agree"')).toBeLessThan(html.indexOf('AdaCraft'))
    expect(html).toContain('Put my own skin back after each use')
    expect(html.length).toBeLessThan(30 * 1024)
  })

  test('the consent box must be ticked', async () => {
    const res = await post('/signing-accounts', ADA, { restore: '1' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('Tick the box to confirm that you want to lend your account.')
    // The other choice is kept.
    expect(html).toMatch(/name="restore" checked="" value="1"/)
    expect(pool.signIns.size).toBe(0)
  })

  test('add → the sign-in page shows the code, the Microsoft link and refreshes itself; done → the account, with the skin choice applied', async () => {
    const path = target(await post('/signing-accounts', ADA, { agree: '1', restore: '1' }))
    expect(path).toMatch(/^\/signing-accounts\/sign-in\/s\d+\?lang=en&restore=1$/)
    const waiting = await page(path, ADA)
    expect(waiting.status).toBe(200)
    expect(waiting.html).toContain('ABCD-EFGH')
    expect(waiting.html).toMatch(/<a href="https:\/\/www\.microsoft\.com\/link" target="_blank" rel="noopener noreferrer"[^>]*>microsoft\.com\/link<\/a>/)
    expect(waiting.html).toContain('<meta http-equiv="refresh" content="5"/>')
    expect(waiting.html).toContain('This page checks again every 5 seconds.')
    // "Check now" is the same page (the no-JavaScript path), keeping the choice.
    expect(waiting.html).toContain(`href="/accounts${path.replace('&', '&amp;')}"`)
    expect(waiting.html).toContain('I have signed in — check now')

    const signInId = path.split('/')[3]!.split('?')[0]!
    pool.finish(signInId, { name: 'AdaCraft' })
    const done = await page(path, ADA)
    expect(done.html).toContain('Account added')
    expect(done.html).toContain('AdaCraft is now in the signing pool.')
    expect(done.html).not.toContain('http-equiv="refresh"')
    const [account] = pool.accounts.values()
    expect(account!.restoreSkin).toBe(true)
    expect(done.html).toContain(`/accounts/avatar/${account!.id}.svg`)

    const list = await page('/signing-accounts', ADA)
    expect(list.html).toContain('AdaCraft')
    expect(list.html).toContain('signing-status--ready')
    expect(list.html).toContain('>Ready<')
  })

  test('another user cannot watch the sign-in (404)', async () => {
    const path = target(await post('/signing-accounts', ADA, { agree: '1' }))
    const other = await page(path, BOB)
    expect(other.status).toBe(404)
    expect(other.html).toContain('This sign-in does not exist or has ended.')
  })

  test('failed → the reason in words, and "Try again" starts a new sign-in with the consent kept', async () => {
    const path = target(await post('/signing-accounts', ADA, { agree: '1' }))
    pool.finish(path.split('/')[3]!.split('?')[0]!, { code: 'no_minecraft_ownership' })
    const failed = await page(path, ADA)
    expect(failed.html).toContain('Sign-in failed')
    expect(failed.html).toContain('This Microsoft account does not own Minecraft: Java Edition.')
    expect(failed.html).toContain('name="agree" value="1"')
    const german = await page(path.replace('lang=en', 'lang=de'), ADA)
    expect(german.html).toContain('Diesem Microsoft-Konto gehört Minecraft: Java Edition nicht.')
    expect(target(await post('/signing-accounts', ADA, { agree: '1' }))).toMatch(/^\/signing-accounts\/sign-in\//)
  })

  test('a sign-in that cannot start shows why (rate limit → 429)', async () => {
    pool.refuseNext = 'sign_in_rate_limited'
    const res = await post('/signing-accounts', ADA, { agree: '1' })
    expect(res.status).toBe(429)
    expect(await res.text()).toContain('Too many sign-ins right now. Try again in a few minutes.')
  })

  test('sign in again: the waiting page names the account; done says so', async () => {
    const a = pool.add(ADA, 'AdaCraft', { status: 'needs_sign_in', lastError: 'Token renewal failed: Microsoft no longer accepts the saved sign-in (revoked, password changed or unused for 90 days); sign in again.', lastErrorAt: NOW - 60_000 })
    const list = await page('/signing-accounts?lang=de', ADA)
    expect(list.html).toContain('Anmeldung nötig')
    // The stored English reason is shown in the page's language.
    expect(list.html).toContain('Microsoft akzeptiert die gespeicherte Anmeldung nicht mehr')
    const path = target(await post(`/signing-accounts/${a.id}/renew`, ADA))
    expect((await page(path, ADA)).html).toContain('Sign in again: AdaCraft')
    pool.finish(path.split('/')[3]!.split('?')[0]!, { name: 'AdaCraft' })
    expect((await page(path, ADA)).html).toContain('AdaCraft is signed in again.')
    expect((await post(`/signing-accounts/${'0'.repeat(32)}/renew`, ADA)).status).toBe(404)
  })
})

describe('signing accounts: managing them', () => {
  test('pause, resume and the own-skin toggle answer with what they did', async () => {
    const a = pool.add(ADA, 'AdaCraft', { uses: 1234, lastUsed: NOW - 3_600_000 })
    expect(target(await post(`/signing-accounts/${a.id}/pause`, ADA))).toBe('/signing-accounts?lang=en&done=paused')
    expect(pool.accounts.get(a.id)!.status).toBe('paused')
    const paused = await page('/signing-accounts?lang=en&done=paused', ADA)
    expect(paused.html).toContain('Paused: the pool does not use the account until you resume it.')
    expect(paused.html).toContain('>Resume<')
    expect(paused.html).toContain('1,234')
    expect(target(await post(`/signing-accounts/${a.id}/resume`, ADA))).toBe('/signing-accounts?lang=en&done=resumed')
    expect(pool.accounts.get(a.id)!.status).toBe('ready')
    expect(target(await post(`/signing-accounts/${a.id}/restore-skin`, ADA, { on: '1' }))).toBe('/signing-accounts?lang=en&done=restoreOn')
    expect(pool.accounts.get(a.id)!.restoreSkin).toBe(true)
    expect(target(await post(`/signing-accounts/${a.id}/restore-skin`, ADA, { on: '0' }))).toBe('/signing-accounts?lang=en&done=restoreOff')
    expect(pool.accounts.get(a.id)!.restoreSkin).toBe(false)
  })

  test('remove goes through a confirmation page', async () => {
    const a = pool.add(ADA, 'AdaCraft')
    const list = await page('/signing-accounts', ADA)
    expect(list.html).toContain(`href="/accounts/signing-accounts/${a.id}/remove?lang=en"`)
    const confirm = await page(`/signing-accounts/${a.id}/remove`, ADA)
    expect(confirm.html).toContain('Remove AdaCraft?')
    expect(confirm.html).toContain('name="confirm" value="1"')
    // Without the confirmation field nothing is removed.
    expect(target(await post(`/signing-accounts/${a.id}/remove`, ADA))).toBe(`/signing-accounts/${a.id}/remove?lang=en`)
    expect(pool.accounts.has(a.id)).toBe(true)
    expect(target(await post(`/signing-accounts/${a.id}/remove`, ADA, { confirm: '1' }))).toBe('/signing-accounts?lang=en&done=removed')
    expect(pool.accounts.has(a.id)).toBe(false)
    expect((await page('/signing-accounts?done=removed', ADA)).html).toContain('The account and its sign-in token were deleted.')
  })

  test("a user cannot disable, nor act on another user's account (404)", async () => {
    const mine = pool.add(ADA, 'AdaCraft')
    const his = pool.add(BOB, 'BobBuilds')
    const list = await page('/signing-accounts', ADA)
    expect(list.html).not.toContain('BobBuilds')
    expect(list.html).not.toContain('/disable')
    expect(list.html).not.toContain('bob@example.test')
    const refused = await post(`/signing-accounts/${mine.id}/disable`, ADA)
    expect(refused.status).toBe(404)
    expect(await refused.text()).toContain('This signing account does not exist or you may not change it.')
    for (const action of ['pause', 'resume', 'restore-skin', 'enable']) expect((await post(`/signing-accounts/${his.id}/${action}`, ADA, { on: '1' })).status).toBe(404)
    expect((await post(`/signing-accounts/${his.id}/remove`, ADA, { confirm: '1' })).status).toBe(404)
    expect((await page(`/signing-accounts/${his.id}/remove`, ADA)).status).toBe(404)
    expect(pool.accounts.get(his.id)).toMatchObject({ status: 'ready', restoreSkin: false })
    expect(pool.accounts.get(mine.id)!.status).toBe('ready')
  })

  test('a pool admin sees every account with its owner and may disable and enable', async () => {
    const ada = pool.add(ADA, 'AdaCraft')
    pool.add(BOB, 'BobBuilds', { status: 'cooling_down', coolingDownUntil: NOW + 600_000 })
    pool.add(null, 'CliAccount')
    const list = await page('/signing-accounts', ROOT)
    expect(list.html).toContain('All signing accounts')
    for (const text of ['AdaCraft', 'ada@example.test', 'BobBuilds', 'bob@example.test', 'CliAccount', 'added on the command line', 'Resting', 'until ']) expect(list.html).toContain(text)
    expect(list.html).toContain(`/accounts/signing-accounts/${ada.id}/disable?lang=en`)
    expect(target(await post(`/signing-accounts/${ada.id}/disable`, ROOT))).toBe('/signing-accounts?lang=en&done=disabled')
    expect(pool.accounts.get(ada.id)!.status).toBe('disabled')
    const after = await page('/signing-accounts?done=disabled', ROOT)
    expect(after.html).toContain('The account is disabled.')
    expect(after.html).toContain(`/accounts/signing-accounts/${ada.id}/enable?lang=en`)
    // The owner sees it disabled, without the admin's buttons.
    const owner = await page('/signing-accounts', ADA)
    expect(owner.html).toContain('signing-status--disabled')
    expect(owner.html).not.toContain('/enable')
    expect(target(await post(`/signing-accounts/${ada.id}/enable`, ROOT))).toBe('/signing-accounts?lang=en&done=enabled')
    expect(pool.accounts.get(ada.id)!.status).toBe('ready')
  })

  test('a pool admin cannot remove an account of someone else: no Remove button, 403 on the page and the form, the account stays; their own they may', async () => {
    const ada = pool.add(ADA, 'AdaCraft')
    const cli = pool.add(null, 'CliAccount')
    const own = pool.add(ROOT, 'RootCraft')
    const list = await page('/signing-accounts', ROOT)
    expect(list.html).toContain('Only an account&#x27;s owner can remove it.')
    expect(list.html).not.toContain(`/signing-accounts/${ada.id}/remove`)
    expect(list.html).not.toContain(`/signing-accounts/${cli.id}/remove`)
    expect(list.html).toContain(`/signing-accounts/${own.id}/remove`)
    for (const a of [ada, cli]) {
      const confirm = await page(`/signing-accounts/${a.id}/remove`, ROOT)
      expect(confirm.status).toBe(403)
      expect(confirm.html).toContain('data-error-code="not_account_owner"')
      expect(confirm.html).toContain(`Only the owner of ${a.name} can remove it. As a pool admin you can disable it instead.`)
      const refused = await post(`/signing-accounts/${a.id}/remove`, ROOT, { confirm: '1' })
      expect(refused.status).toBe(403)
      expect(pool.accounts.has(a.id)).toBe(true)
    }
    const german = await page(`/signing-accounts/${ada.id}/remove?lang=de`, ROOT)
    expect(german.html).toContain('Nur der Besitzer von AdaCraft kann es entfernen.')
    // Disabling is theirs to do.
    expect(target(await post(`/signing-accounts/${ada.id}/disable`, ROOT))).toBe('/signing-accounts?lang=en&done=disabled')
    expect(target(await post(`/signing-accounts/${own.id}/remove`, ROOT, { confirm: '1' }))).toBe('/signing-accounts?lang=en&done=removed')
    expect([...pool.accounts.keys()].sort()).toEqual([ada.id, cli.id].sort())
  })

  test('the page in German', async () => {
    pool.add(ADA, 'AdaCraft', { status: 'paused' })
    const { html } = await page('/signing-accounts?lang=de', ADA)
    expect(html).toContain('<html lang="de"')
    for (const text of ['Signierkonten', 'Was das Verleihen eines Kontos bedeutet', 'wird sein Skin alle paar Minuten geändert', 'niemals dein Passwort', 'Minecraft-Konto hinzufügen', 'Pausiert', 'Fortsetzen', 'Erneut anmelden', 'Entfernen']) {
      expect(html).toContain(text)
    }
    const path = target(await post('/signing-accounts?lang=de', ADA, { agree: '1' }))
    const waiting = await page(path, ADA)
    expect(waiting.html).toContain('Gib diesen Code ein:')
    expect(waiting.html).toContain('Ich habe mich angemeldet – jetzt prüfen')
  })
})

describe('signing accounts: pool admins disable, owners remove (the real manager over SQLite)', () => {
  let real: ReturnType<typeof createAccountsApp>
  let manager: PoolManager
  const row = (id: string) => store.sqlite.query<{ id: string; enabled: number; owner_user_id: string | null }, [string]>('SELECT id, enabled, owner_user_id FROM accounts WHERE id = ?').get(id)
  const ids = { ada: 'a'.repeat(32), bob: 'b'.repeat(32), cli: 'c'.repeat(32), root: 'd'.repeat(32) }

  beforeAll(async () => {
    const sql = store.sql
    const box = await createTokenBox('signing-accounts-test-key-0123456789')
    // No sign-in runs here: the hosts are never asked.
    const hosts = { live: 'http://127.0.0.1:9', msal: 'http://127.0.0.1:9', xboxUser: 'http://127.0.0.1:9', xsts: 'http://127.0.0.1:9', services: 'http://127.0.0.1:9' }
    manager = createPoolManager({ sql, box, now: () => NOW, rules: { maxErrors: 10 }, auth: { flow: 'live', clientId: 'test', tenant: 'consumers', hosts } })
    real = createAccountsApp(testAccountsDeps(store, { appOrigin: APP, now: () => NOW, pool: manager }))
    for (const [key, owner] of [['ada', ADA], ['bob', BOB], ['cli', null], ['root', ROOT]] as const) {
      await putPoolAccount(sql, box, { id: ids[key], name: `${key}Craft`, type: 'microsoft', tokenSource: 'user_login_microsoft', accessToken: `token-${key}` }, NOW)
      await sql.run('UPDATE accounts SET owner_user_id = ? WHERE id = ?', [owner, ids[key]])
    }
  })

  const send = (path: string, user: string, fields: Record<string, string> = {}) => call(path, { method: 'POST', user, body: new URLSearchParams(fields), on: real })

  test("a pool admin disables and enables anyone's account, but removing one they do not own is 403 and the row stays", async () => {
    for (const id of [ids.ada, ids.cli]) {
      const refused = await send(`/signing-accounts/${id}/remove`, ROOT, { confirm: '1' })
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('data-error-code="not_account_owner"')
      expect((await call(`/signing-accounts/${id}/remove`, { user: ROOT, on: real })).status).toBe(403)
      expect(row(id)).not.toBeNull()
    }
    expect(target(await send(`/signing-accounts/${ids.ada}/disable`, ROOT))).toBe('/signing-accounts?lang=en&done=disabled')
    expect(row(ids.ada)!.enabled).toBe(0)
    expect(target(await send(`/signing-accounts/${ids.ada}/enable`, ROOT))).toBe('/signing-accounts?lang=en&done=enabled')
    expect(row(ids.ada)!.enabled).toBe(1)
    // Their own account they remove like any owner.
    expect(target(await send(`/signing-accounts/${ids.root}/remove`, ROOT, { confirm: '1' }))).toBe('/signing-accounts?lang=en&done=removed')
    expect(row(ids.root)).toBeNull()
  })

  test("pausing, resuming a pause, the own-skin choice and a new sign-in are the owner's: a pool admin gets 403 and nothing changes; errors they may clear", async () => {
    const state = (id: string) => store.sqlite.query<{ paused_at: number | null; restore_skin: number; error_count: number }, [string]>('SELECT paused_at, restore_skin, error_count FROM accounts WHERE id = ?').get(id)!
    const before = state(ids.bob)
    for (const [action, fields] of [['pause', {}], ['restore-skin', { on: '1' }], ['renew', {}]] as const) {
      const refused = await send(`/signing-accounts/${ids.bob}/${action}`, ROOT, fields)
      expect(refused.status).toBe(403)
      const html = await refused.text()
      expect(html).toContain('data-error-code="not_account_owner"')
      expect(html).toContain('Only the owner of bobCraft can do that.')
    }
    expect(state(ids.bob)).toEqual(before)
    // Bob pauses his account while he plays: the pool admin cannot end that pause.
    expect(target(await send(`/signing-accounts/${ids.bob}/pause`, BOB))).toBe('/signing-accounts?lang=en&done=paused')
    expect((await send(`/signing-accounts/${ids.bob}/resume`, ROOT)).status).toBe(403)
    expect(state(ids.bob).paused_at).toBe(NOW)
    // Errors took Ada's account out of rotation: the pool admin puts it back, its count starts again.
    await store.sql.run('UPDATE accounts SET error_count = 10 WHERE id = ?', [ids.ada])
    expect(target(await send(`/signing-accounts/${ids.ada}/resume`, ROOT))).toBe('/signing-accounts?lang=en&done=resumed')
    expect(state(ids.ada).error_count).toBe(0)
    // The list offers the admin no owner's buttons on Bob's account.
    const list = await (await call('/signing-accounts', { user: ROOT, on: real })).text()
    for (const action of ['pause', 'resume', 'renew', 'restore-skin', 'remove']) expect(list).not.toContain(`/signing-accounts/${ids.bob}/${action}`)
    expect(list).toContain(`/signing-accounts/${ids.bob}/disable`)
    expect(target(await send(`/signing-accounts/${ids.bob}/resume`, BOB))).toBe('/signing-accounts?lang=en&done=resumed')
  })

  test('the manager itself refuses a pool admin who is not the owner, whatever the page does', async () => {
    expect(await manager.remove({ userId: ROOT, admin: true }, ids.bob)).toBe(false)
    expect(row(ids.bob)).not.toBeNull()
    expect(await manager.setDisabled({ userId: ROOT, admin: true }, ids.bob, true)).toBe(true)
    expect(row(ids.bob)!.enabled).toBe(0)
  })

  test('an owner removes their own account (the row and its sealed tokens go); another user cannot (404)', async () => {
    expect((await send(`/signing-accounts/${ids.ada}/remove`, BOB, { confirm: '1' })).status).toBe(404)
    expect(row(ids.ada)).not.toBeNull()
    expect(target(await send(`/signing-accounts/${ids.ada}/remove`, ADA, { confirm: '1' }))).toBe('/signing-accounts?lang=en&done=removed')
    expect(row(ids.ada)).toBeNull()
  })
})

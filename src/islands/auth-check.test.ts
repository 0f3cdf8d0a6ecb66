import { beforeEach, describe, expect, test } from 'bun:test'
import { WEB_COOKIE } from '../shared/auth/web-cookie'
import { TOKEN_REFRESH_MS } from '../shared/constants'
import { $auth, hasGrant } from '../shared/stores/auth'
import { checkAuth, REFRESH_BACKOFF_MS, resetAuthTimer } from './auth-check'

const USER = 'ab'.repeat(16)
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A web cookie as the account site sets it (the signature is not checked by the app). */
const webCookie = (claims: Record<string, unknown>) => `theme=dark; ${WEB_COOKIE}=${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`
const SIGNED_IN = webCookie({ sub: USER, email: 'ada@example.test', name: 'Ada', grants: { ad_free: true } })

/** A fake browser network: `/api/v2/me` answers by whether the API token is fresh; refresh may be allowed. */
function network(opts: { signedIn: boolean; refreshWorks: boolean }) {
  let tokenFresh = opts.signedIn
  const calls: string[] = []
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push(`${init?.method ?? 'GET'} ${url} ${init?.credentials}`)
    if (url === '/api/v2/me') return tokenFresh ? Response.json({ success: true, user: USER, grants: { private_skins: true, capes: false, per_minute: 60 } }) : Response.json({ success: false }, { status: 404 })
    if (url.startsWith('https://account.test/auth/tokens/')) {
      if (!opts.refreshWorks) return new Response(null, { status: 401 })
      if (url.endsWith('/api/refresh')) tokenFresh = true
      return new Response(null, { status: 200 })
    }
    return new Response(null, { status: 500 })
  }
  return { fetcher, calls }
}

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

const noTimer = () => undefined

beforeEach(() => {
  $auth.set({ status: 'unknown' })
  resetAuthTimer()
})

describe('auth check (SPEC §4, §8)', () => {
  test('a valid session: signed in with the user id, grants and the web cookie profile, credentials included, no refresh', async () => {
    const net = network({ signedIn: true, refreshWorks: true })
    const state = await checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage(), cookies: () => SIGNED_IN, setInterval: noTimer })
    expect(state).toEqual({ status: 'signed-in', user: USER, grants: { ad_free: true, private_skins: true, capes: false, per_minute: 60 }, email: 'ada@example.test', name: 'Ada', picture: undefined })
    expect($auth.get().status).toBe('signed-in')
    // SPEC §6: the grants decide what the visitor may do (the generate form offers private skins, not capes).
    expect(hasGrant($auth.get(), 'private_skins')).toBe(true)
    expect(hasGrant($auth.get(), 'capes')).toBe(false)
    expect(hasGrant({ status: 'signed-out', grants: { private_skins: true } }, 'private_skins')).toBe(false)
    expect(net.calls).toEqual(['GET /api/v2/me include'])
  })

  test('the linked Minecraft account in the web cookie reaches the auth state (the drawer shows it)', async () => {
    const net = network({ signedIn: true, refreshWorks: true })
    const minecraft = { id: 'cd'.repeat(16), name: 'Ada_MC', skin: 'ef'.repeat(32) }
    const state = await checkAuth({ fetch: net.fetcher, storage: memoryStorage(), cookies: () => webCookie({ sub: USER, minecraft }), setInterval: noTimer })
    expect(state.minecraft).toEqual(minecraft)
    expect($auth.get().minecraft).toEqual(minecraft)
  })

  test('an anonymous visitor (no web cookie) makes no request at all', async () => {
    const net = network({ signedIn: false, refreshWorks: true })
    expect((await checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage(), cookies: () => 'theme=dark', setInterval: noTimer })).status).toBe('signed-out')
    expect($auth.get().status).toBe('signed-out')
    expect(net.calls).toEqual([])
  })

  test('404 triggers one refresh of both tokens, then the check is retried', async () => {
    const net = network({ signedIn: false, refreshWorks: true })
    expect((await checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage(), cookies: () => SIGNED_IN, setInterval: noTimer })).status).toBe('signed-in')
    expect(net.calls).toEqual([
      'GET /api/v2/me include',
      'POST https://account.test/auth/tokens/web/refresh include',
      'POST https://account.test/auth/tokens/api/refresh include',
      'GET /api/v2/me include',
    ])
  })

  test('a failed refresh signs out and blocks the next one for 45 minutes minus 5 seconds', async () => {
    const storage = memoryStorage()
    let now = 1_000_000
    const net = network({ signedIn: false, refreshWorks: false })
    let cleared = 0
    const check = () => checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage, now: () => now, cookies: () => SIGNED_IN, setInterval: noTimer, clearCookie: () => cleared++ })
    expect((await check()).status).toBe('signed-out')
    // The dead session's web cookie is dropped locally, so the next page load makes no request.
    expect(cleared).toBe(1)
    now += REFRESH_BACKOFF_MS - 1
    await check()
    now += 1
    await check()
    expect(net.calls.filter((c) => c.includes('api/refresh'))).toHaveLength(2)
    expect(REFRESH_BACKOFF_MS).toBe(45 * 60_000 - 5_000)
  })

  test('without an account API no refresh is tried; network failures keep the web cookie user', async () => {
    const net = network({ signedIn: false, refreshWorks: true })
    expect((await checkAuth({ fetch: net.fetcher, storage: memoryStorage(), cookies: () => SIGNED_IN })).status).toBe('signed-out')
    expect(net.calls).toHaveLength(1)
    const broken = async () => {
      throw new Error('offline')
    }
    const state = await checkAuth({ fetch: broken, storage: memoryStorage(), cookies: () => SIGNED_IN })
    expect(state).toMatchObject({ status: 'signed-in', user: USER, email: 'ada@example.test' })
  })

  test('while signed in, both tokens are refreshed every 45 minutes with one timer per page', async () => {
    const net = network({ signedIn: true, refreshWorks: true })
    const timers: { run: () => void; ms: number }[] = []
    const setInterval = (run: () => void, ms: number) => timers.push({ run, ms })
    const deps = { accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage(), cookies: () => SIGNED_IN, setInterval }
    await checkAuth(deps)
    await checkAuth(deps)
    expect(timers).toHaveLength(1)
    expect(timers[0]?.ms).toBe(TOKEN_REFRESH_MS)
    net.calls.length = 0
    timers[0]?.run()
    await Bun.sleep(0)
    expect(net.calls).toEqual(['POST https://account.test/auth/tokens/web/refresh include', 'POST https://account.test/auth/tokens/api/refresh include'])
    expect($auth.get()).toMatchObject({ status: 'signed-in', email: 'ada@example.test' })
  })
})

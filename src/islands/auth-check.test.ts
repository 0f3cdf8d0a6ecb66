import { beforeEach, describe, expect, test } from 'bun:test'
import { $auth, hasGrant } from '../shared/stores/auth'
import { checkAuth, REFRESH_BACKOFF_MS } from './auth-check'

/** A fake browser network: `/api/v2/me` answers by whether the API token is fresh; refresh may be allowed. */
function network(opts: { signedIn: boolean; refreshWorks: boolean }) {
  let tokenFresh = opts.signedIn
  const calls: string[] = []
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push(`${init?.method ?? 'GET'} ${url} ${init?.credentials}`)
    if (url === '/api/v2/me') return tokenFresh ? Response.json({ success: true, user: 'ab'.repeat(16), grants: { private_skins: true, capes: false, per_minute: 60 } }) : Response.json({ success: false }, { status: 404 })
    if (url === 'https://account.test/auth/tokens/api/refresh') {
      if (!opts.refreshWorks) return new Response(null, { status: 401 })
      tokenFresh = true
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

beforeEach(() => $auth.set({ status: 'unknown' }))

describe('auth check (SPEC §4, §8)', () => {
  test('a valid session: signed in with the user id and grants, credentials included, no refresh', async () => {
    const net = network({ signedIn: true, refreshWorks: true })
    const grants = { private_skins: true, capes: false, per_minute: 60 }
    expect(await checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage() })).toEqual({ status: 'signed-in', user: 'ab'.repeat(16), grants })
    expect($auth.get().status).toBe('signed-in')
    // SPEC §6: the grants decide what the visitor may do (the generate form offers private skins, not capes).
    expect(hasGrant($auth.get(), 'private_skins')).toBe(true)
    expect(hasGrant($auth.get(), 'capes')).toBe(false)
    expect(hasGrant({ status: 'signed-out', grants }, 'private_skins')).toBe(false)
    expect(net.calls).toEqual(['GET /api/v2/me include'])
  })

  test('404 triggers one API token refresh, then the check is retried', async () => {
    const net = network({ signedIn: false, refreshWorks: true })
    expect((await checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage: memoryStorage() })).status).toBe('signed-in')
    expect(net.calls).toEqual(['GET /api/v2/me include', 'POST https://account.test/auth/tokens/api/refresh include', 'GET /api/v2/me include'])
  })

  test('a failed refresh blocks the next one for 45 minutes minus 5 seconds', async () => {
    const storage = memoryStorage()
    let now = 1_000_000
    const net = network({ signedIn: false, refreshWorks: false })
    const check = () => checkAuth({ accountApiOrigin: 'https://account.test', fetch: net.fetcher, storage, now: () => now })
    expect((await check()).status).toBe('signed-out')
    now += REFRESH_BACKOFF_MS - 1
    await check()
    now += 1
    await check()
    expect(net.calls.filter((c) => c.includes('refresh'))).toHaveLength(2)
    expect(REFRESH_BACKOFF_MS).toBe(45 * 60_000 - 5_000)
  })

  test('without an account API no refresh is tried; network failures count as signed out', async () => {
    const net = network({ signedIn: false, refreshWorks: true })
    expect((await checkAuth({ fetch: net.fetcher, storage: memoryStorage() })).status).toBe('signed-out')
    expect(net.calls).toHaveLength(1)
    const broken = async () => {
      throw new Error('offline')
    }
    expect((await checkAuth({ fetch: broken, storage: memoryStorage() })).status).toBe('signed-out')
  })
})

/**
 * The auth check (SPEC §4, §8): `GET /api/v2/me` with credentials decides signed in or not. A 401
 * or 404 triggers one API-token refresh at the account site, then the check is retried; a failed
 * refresh suppresses further attempts for 45 minutes minus 5 seconds. Failures are only logged and
 * the visitor counts as signed out.
 * @module
 */
import { refreshApiToken } from '../shared/api/account-tokens'
import type { FetchLike } from '../shared/api/client'
import { TOKEN_REFRESH_MS } from '../shared/constants'
import { $auth, type AuthState } from '../shared/stores/auth'

/** How long a failed refresh blocks the next one (SPEC §8: about 45 minutes minus 5 seconds). */
export const REFRESH_BACKOFF_MS = TOKEN_REFRESH_MS - 5_000
const BLOCK_KEY = 'ssg:token-refresh-blocked-until'

/** What the check needs; everything is injectable for tests. */
export interface AuthCheckDeps {
  /** The account API origin; without one no refresh is tried. */
  accountApiOrigin?: string
  fetch?: FetchLike
  now?: () => number
  storage?: Pick<Storage, 'getItem' | 'setItem'>
}

async function currentUser(fetcher: FetchLike): Promise<{ status: number; state?: AuthState }> {
  const response = await fetcher('/api/v2/me', { credentials: 'include', headers: { Accept: 'application/json' } })
  // Read every body, also of a 404: a response left unread keeps its request open in the browser.
  const body = (await response.json().catch(() => ({}))) as { user?: unknown; grants?: unknown }
  if (!response.ok) return { status: response.status }
  const grants = body.grants && typeof body.grants === 'object' ? (body.grants as Record<string, unknown>) : undefined
  return { status: response.status, state: { status: 'signed-in', user: typeof body.user === 'string' ? body.user : undefined, grants } }
}

/** Runs the check and stores the result in `$auth`. */
export async function checkAuth(deps: AuthCheckDeps = {}): Promise<AuthState> {
  const fetcher = deps.fetch ?? ((input, init) => fetch(input, init))
  const now = deps.now ?? Date.now
  const storage = deps.storage ?? localStorage
  let state: AuthState = { status: 'signed-out' }
  try {
    let me = await currentUser(fetcher)
    const blockedUntil = Number(storage.getItem(BLOCK_KEY) ?? 0)
    if ((me.status === 401 || me.status === 404) && deps.accountApiOrigin && now() >= blockedUntil) {
      if (await refreshApiToken(deps.accountApiOrigin, fetcher)) me = await currentUser(fetcher)
      else storage.setItem(BLOCK_KEY, String(now() + REFRESH_BACKOFF_MS))
    }
    if (me.state) state = me.state
  } catch (error) {
    console.warn('[auth] check failed', error)
  }
  $auth.set(state)
  return state
}

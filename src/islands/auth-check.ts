/**
 * The auth check (SPEC §4, §8): `GET /api/v2/me` with credentials decides signed in or not. It runs
 * only when the account site's web cookie is present (anonymous visitors make no
 * failing request); the cookie's payload fills the avatar and drawer. A 401 or 404 triggers one token
 * refresh at the account site, then the check is retried; a failed refresh suppresses further
 * attempts for 45 minutes minus 5 seconds. While signed in, tokens are refreshed every 45 minutes
 * (SPEC §4). Failures are only logged.
 * @module
 */
import { refreshApiToken, refreshWebToken } from '../shared/api/account-tokens'
import type { FetchLike } from '../shared/api/client'
import { expireWebCookie, webUserFromCookies, type WebUser } from '../shared/auth/web-cookie'
import { TOKEN_REFRESH_MS } from '../shared/constants'
import { $auth, type AuthState } from '../shared/stores/auth'

/** How long a failed refresh blocks the next one (SPEC §8: about 45 minutes minus 5 seconds). */
export const REFRESH_BACKOFF_MS = TOKEN_REFRESH_MS - 5_000
const BLOCK_KEY = 'ssg:token-refresh-blocked-until'

/** What the check needs; everything is injectable for tests. */
export interface AuthCheckDeps {
  /** The account API origin (or same-origin path such as `/accounts`); without one no refresh is tried. */
  accountApiOrigin?: string
  fetch?: FetchLike
  now?: () => number
  storage?: Pick<Storage, 'getItem' | 'setItem'>
  /** The `document.cookie` string. */
  cookies?: () => string
  /** Drops the local view of the web cookie once the session is known to be gone. */
  clearCookie?: () => void
  /** Starts the 45-minute refresh timer; browser `setInterval` by default, none outside a browser. */
  setInterval?: (run: () => void, ms: number) => unknown
}

async function currentUser(fetcher: FetchLike): Promise<{ status: number; user?: string; grants?: Record<string, unknown> }> {
  const response = await fetcher('/api/v2/me', { credentials: 'include', headers: { Accept: 'application/json' } })
  // Read every body, also of a 404: a response left unread keeps its request open in the browser.
  const body = (await response.json().catch(() => ({}))) as { user?: unknown; grants?: unknown }
  if (!response.ok) return { status: response.status }
  const grants = body.grants && typeof body.grants === 'object' ? (body.grants as Record<string, unknown>) : undefined
  return { status: response.status, user: typeof body.user === 'string' ? body.user : undefined, grants }
}

/** The signed-in state the web cookie describes, with the API's view (user, grants) taking precedence. */
function signedIn(web: WebUser | undefined, me?: { user?: string; grants?: Record<string, unknown> }): AuthState {
  return {
    status: 'signed-in',
    user: me?.user ?? web?.id,
    grants: { ...web?.grants, ...me?.grants },
    email: web?.email,
    name: web?.name,
    picture: web?.picture,
    minecraft: web?.minecraft,
  }
}

/** Refreshes both tokens (SPEC §7 account API); true when the API token was renewed. */
async function refreshTokens(origin: string, fetcher: FetchLike): Promise<boolean> {
  const [, api] = await Promise.all([refreshWebToken(origin, fetcher), refreshApiToken(origin, fetcher)])
  return api
}

let timerStarted = false

/** Runs the check and stores the result in `$auth`. */
export async function checkAuth(deps: AuthCheckDeps = {}): Promise<AuthState> {
  const fetcher = deps.fetch ?? ((input, init) => fetch(input, init))
  const now = deps.now ?? Date.now
  const storage = deps.storage ?? localStorage
  const cookies = deps.cookies ?? (() => document.cookie)
  let state: AuthState = { status: 'signed-out' }
  // No web cookie: no session at the account site either, so neither `/v2/me` nor a refresh can help.
  if (webUserFromCookies(cookies())) {
    try {
      let me = await currentUser(fetcher)
      const blockedUntil = Number(storage.getItem(BLOCK_KEY) ?? 0)
      if ((me.status === 401 || me.status === 404) && deps.accountApiOrigin && now() >= blockedUntil) {
        if (await refreshTokens(deps.accountApiOrigin, fetcher)) me = await currentUser(fetcher)
        else {
          storage.setItem(BLOCK_KEY, String(now() + REFRESH_BACKOFF_MS))
          // The account session is gone: forget it here, so later page loads stay request-free.
          if (deps.clearCookie) deps.clearCookie()
          else document.cookie = expireWebCookie()
        }
      }
      const web = webUserFromCookies(cookies())
      if (me.status === 200) state = signedIn(web, me)
      // Any other failure (5xx) says nothing about the session: keep showing the web cookie's user.
      else if (me.status !== 401 && me.status !== 404 && web) state = signedIn(web)
    } catch (error) {
      console.warn('[auth] check failed', error)
      const web = webUserFromCookies(cookies())
      if (web) state = signedIn(web)
    }
  }
  $auth.set(state)
  if (state.status === 'signed-in' && deps.accountApiOrigin) keepFresh(deps.accountApiOrigin, fetcher, cookies, deps.setInterval)
  return state
}

/** SPEC §4: while signed in, both tokens are refreshed every 45 minutes (one timer per page). */
function keepFresh(origin: string, fetcher: FetchLike, cookies: () => string, schedule: AuthCheckDeps['setInterval']): void {
  const start = schedule ?? (typeof window === 'undefined' ? undefined : (run: () => void, ms: number) => window.setInterval(run, ms))
  if (!start || timerStarted) return
  timerStarted = true
  start(() => {
    if ($auth.get().status !== 'signed-in') return
    void refreshTokens(origin, fetcher).then(() => {
      const web = webUserFromCookies(cookies())
      const current = $auth.get()
      // Keep the API's grants; update what the refreshed web cookie displays.
      if (web && current.status === 'signed-in') $auth.set({ ...signedIn(web), user: current.user ?? web.id, grants: { ...web.grants, ...current.grants } })
    })
  }, TOKEN_REFRESH_MS)
}

/** Test hook: lets a test start the timer again. */
export const resetAuthTimer = (): void => {
  timerStarted = false
}

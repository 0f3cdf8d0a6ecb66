/**
 * SPEC §2 "Sign-in": the user is signed out locally, then after 100 ms sent to the account site's
 * login with a redirect back to the current app URL. Timer and navigation are injectable for tests.
 * @module
 */
import { expireWebCookie } from '../../shared/auth/web-cookie'
import { $auth } from '../../shared/stores/auth'

/** Delay between the local sign-out and leaving for the account site (SPEC §2). */
export const SIGN_IN_DELAY_MS = 100

/** What the flow touches; browser globals by default. */
export interface SignInDeps {
  setTimeout?: (run: () => void, ms: number) => unknown
  navigate?: (url: string) => void
  /** Drops the local view of the web cookie. */
  clearCookie?: () => void
}

/** Signs out locally now and navigates to `loginUrl` after {@link SIGN_IN_DELAY_MS}. */
export function signIn(loginUrl: string, deps: SignInDeps = {}): void {
  const schedule = deps.setTimeout ?? ((run, ms) => window.setTimeout(run, ms))
  const navigate = deps.navigate ?? ((url) => window.location.assign(url))
  const clearCookie =
    deps.clearCookie ??
    (() => {
      document.cookie = expireWebCookie()
    })
  $auth.set({ status: 'signed-out' })
  clearCookie()
  schedule(() => navigate(loginUrl), SIGN_IN_DELAY_MS)
}

/** The login URL with `redirect` set to `appUrl` (the account site checks it against allowed origins). */
export function loginUrlFor(accountUrl: string, appUrl: string): string {
  const separator = accountUrl.includes('?') ? '&' : '?'
  return `${accountUrl}${separator}redirect=${encodeURIComponent(appUrl)}`
}

/**
 * Who is using the site (SPEC §4 "Authentication: checked on app load"; SPEC §6 "anonymous versus
 * signed in, determined by the current-user call"). Filled in the browser by the auth check; the
 * server always renders the signed-out state, so hydration never depends on it.
 * @module
 */
import { atom } from 'nanostores'

/** The result of the current-user call. */
export interface AuthState {
  /** `unknown` until the check has answered. */
  status: 'unknown' | 'signed-in' | 'signed-out'
  /** The user id (32 hex) when signed in with an account. */
  user?: string
  /** What the caller may do (SPEC §6 grants map, from `/v2/me`), e.g. `private_skins`, `capes`. */
  grants?: Record<string, unknown>
  /** From the account site's web cookie (src/shared/auth/web-cookie.ts), for the avatar and drawer. */
  email?: string
  name?: string
  picture?: string
  /** The web cookie's `minecraft` claim as it came (the linked Minecraft account); the drawer checks it (../auth/minecraft-claim.ts). */
  minecraft?: unknown
}

/** True when the signed-in caller holds grant `name` (SPEC §6). */
export const hasGrant = (state: AuthState, name: string): boolean => state.status === 'signed-in' && state.grants?.[name] === true

/** The visitor's auth state. */
export const $auth = atom<AuthState>({ status: 'unknown' })

/** The API client's "authed" flag (SPEC §4): when set, requests include credentials. */
export const isAuthed = (): boolean => $auth.get().status === 'signed-in'

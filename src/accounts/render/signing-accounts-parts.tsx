/**
 * Small parts the signing-account pages share: a signing account's picture and its
 * status badge.
 * @module
 */
import type { Context } from 'hono'
import type { PoolAccountStatus } from '../../api/signing/pool/pool-views'
import type { AccountsEnv } from '../env'
import { avatarPath } from '../services/avatar-url'
import { SIGNING_STATUS } from './signing-accounts-labels'

/** Path of the signing-account list under the account site's base. */
export const SIGNING_PATH = '/signing-accounts'

/**
 * The account's picture: the account site's identicon of its Minecraft uuid (32 hex, like a user id).
 * No render route draws a face from a uuid alone, and the pool keeps no texture hash to render.
 */
export function AccountFace({ c, id, size = 40 }: { c: Context<AccountsEnv>; id: string; size?: number }) {
  return <img className="signing-face" src={avatarPath(c.get('deps'), id.replace(/-/g, '').toLowerCase())} width={size} height={size} alt="" />
}

/** The status as a coloured badge (colour is not the only cue: the word is always there). */
export function StatusBadge({ c, status }: { c: Context<AccountsEnv>; status: PoolAccountStatus }) {
  return <span className={`chip signing-status signing-status--${status}`}>{c.get('t')(SIGNING_STATUS[status])}</span>
}

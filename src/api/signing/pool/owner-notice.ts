/**
 * Telling a signing account's owner it needs a new sign-in: a notification in their
 * bell with a link to the account manager. Plain SQL over the `notifications` table, so it runs on D1 too.
 * @module
 */
import { randomHex } from '../../ids'
import type { SqlClient } from '../../store/sql'
import { SIGN_IN_ERROR_MESSAGES, type SignInErrorCode } from './microsoft/errors'

/** Adds the "needs sign-in" notification for `ownerUserId` (no-op for accounts without an owner). */
export async function notifyNeedsSignIn(
  sql: SqlClient,
  opts: { ownerUserId: string | null; accountName: string; code: SignInErrorCode; managerUrl: string; now: number },
): Promise<void> {
  if (!opts.ownerUserId) return
  await sql.run('INSERT INTO notifications (id, user_id, title, message, level, links, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    randomHex(12),
    opts.ownerUserId,
    `Signing account ${opts.accountName} needs a new sign-in`,
    `It was taken out of the signing pool: ${SIGN_IN_ERROR_MESSAGES[opts.code]}`,
    'warning',
    JSON.stringify([{ title: 'Sign in again', url: opts.managerUrl }]),
    opts.now,
  ])
}

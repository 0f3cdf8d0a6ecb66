/**
 * Telling a key's owner a webhook delivery was dropped after 24 h of failures: a notification in their
 * bell with a link to the keys page (as src/api/signing/pool/owner-notice.ts does for signing
 * accounts). At most one unread one per hour, so a receiver down for a day does not fill the bell.
 * Plain SQL over the `notifications` table, so it runs on D1 too.
 * @module
 */
import { randomHex } from '../ids'
import type { SqlClient } from '../store/sql'

/** Title of the notification (also what the once-an-hour check looks for). */
export const DROPPED_TITLE = 'A webhook delivery was dropped'

/** Adds the notification for `userId` unless an unread one is less than an hour old. */
export async function notifyDropped(
  sql: SqlClient,
  opts: { userId: string | null; url: string; type: string; lastError: string | null; keysUrl: string; now: number },
): Promise<void> {
  if (!opts.userId) return
  const recent = await sql.get<{ id: string }>(
    'SELECT id FROM notifications WHERE user_id = ? AND title = ? AND dismissed_at IS NULL AND created_at > ? LIMIT 1',
    [opts.userId, DROPPED_TITLE, opts.now - 3_600_000],
  )
  if (recent) return
  await sql.run('INSERT INTO notifications (id, user_id, title, message, level, links, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    randomHex(12),
    opts.userId,
    DROPPED_TITLE,
    `The ${opts.type} event for ${opts.url} was not accepted within 24 hours (last attempt: ${opts.lastError ?? 'no answer'}), so it will not be sent again. The keys page lists your recent deliveries.`,
    'warning',
    JSON.stringify([{ title: 'API keys', url: opts.keysUrl }]),
    opts.now,
  ])
}

/**
 * The account site's API (SPEC §7 "Account API", its own host): token refreshes and notifications.
 * Always called with credentials, since the account session lives in the account host's cookies.
 * zod/mini: this ships to the browser.
 * @module
 */
import * as z from 'zod/mini'
import { accountBase, drain, refreshApiToken } from './account-tokens'
import type { FetchLike } from './client'

/** A notification of the account (SPEC §3 "Notification (account)"). */
export const accountNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** Border colour; primary when absent (SPEC §3). */
  level: z.optional(z.enum(['primary', 'info', 'success', 'warning', 'error'])),
  links: z._default(z.array(z.object({ title: z.string(), url: z.string() })), []),
  createdAt: z.union([z.number(), z.string()]),
})
/** One notification. */
export type AccountNotification = z.infer<typeof accountNotificationSchema>

const listSchema = z.object({ notifications: z.array(accountNotificationSchema) })

/** Client for the account API at `origin`. */
export function accountApi(origin: string, fetcher: FetchLike = (input, init) => fetch(input, init)) {
  const base = accountBase(origin)
  return {
    /** `POST /auth/tokens/api/refresh` (see `account-tokens.ts`). */
    refreshApiToken: () => refreshApiToken(origin, fetcher),
    /** `GET /notifications`; an unreachable or failing account site reads as no notifications. */
    async notifications(): Promise<AccountNotification[]> {
      const response = await fetcher(`${base}/notifications`, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => null)
      if (!response?.ok) {
        await drain(response)
        return []
      }
      const parsed = listSchema.safeParse(await response.json().catch(() => null))
      return parsed.success ? parsed.data.notifications : []
    },
    /** `DELETE /notifications/{id}`. */
    async dismiss(id: string): Promise<boolean> {
      const response = await fetcher(`${base}/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'include' }).catch(() => null)
      await drain(response)
      return Boolean(response?.ok)
    },
  }
}

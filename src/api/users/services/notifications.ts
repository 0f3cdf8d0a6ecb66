/**
 * Account notifications (SPEC §3 "Notification (account)", SPEC §7 "Account API"): created by the
 * service (credits running low, a skin removed after reports, the admin CLI), listed undismissed
 * newest first, dismissed by their owner only.
 * @module
 */
import { and, desc, eq, isNull } from 'drizzle-orm'
import { randomHex } from '../../ids'
import type { Db } from '../../store/db'
import { notifications } from '../../store/schema'

/** Border colours the app knows (src/shared/api/account-api.ts); absent = primary. */
export const NOTIFICATION_LEVELS = ['primary', 'info', 'success', 'warning', 'error'] as const
/** One level. */
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number]

/** A link under a notification. */
export interface NotificationLink {
  title: string
  url: string
}

/** A notification as the account API answers it. */
export interface NotificationView {
  id: string
  title: string
  message: string
  level?: NotificationLevel
  links: NotificationLink[]
  createdAt: number
}

const parseLinks = (json: string | null): NotificationLink[] => {
  if (!json) return []
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((l): l is NotificationLink => typeof l?.title === 'string' && typeof l?.url === 'string') : []
  } catch {
    return []
  }
}

const isLevel = (v: string | null): v is NotificationLevel => (NOTIFICATION_LEVELS as readonly string[]).includes(v ?? '')

/** Creates a notification for `userId`; returns its id. */
export async function createNotification(
  db: Db,
  opts: { userId: string; title: string; message: string; level?: NotificationLevel; links?: NotificationLink[]; now: number },
): Promise<string> {
  const id = randomHex(12)
  await db
    .insert(notifications)
    .values({
      id,
      userId: opts.userId,
      title: opts.title,
      message: opts.message,
      level: opts.level ?? null,
      links: opts.links?.length ? JSON.stringify(opts.links) : null,
      createdAt: opts.now,
    })
    .run()
  return id
}

/** Undismissed notifications of `userId`, newest first (at most `limit`). */
export async function listNotifications(db: Db, userId: string, limit = 100): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.dismissedAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .all()
  return rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: r.message,
      ...(isLevel(r.level) ? { level: r.level } : {}),
      links: parseLinks(r.links),
      createdAt: r.createdAt,
    }))
}

/** Dismisses one of the user's own undismissed notifications; false when there is none with that id. */
export async function dismissNotification(db: Db, userId: string, id: string, now: number): Promise<boolean> {
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.dismissedAt))
  // One guarded write: it changes a row only when the notification is the user's and undismissed.
  const done = await db.update(notifications).set({ dismissedAt: now }).where(own).returning({ id: notifications.id }).all()
  return done.length > 0
}

/**
 * Grants that come with a valid subscription (SPEC §3 "Subscription status", "Product groups").
 * No payment provider: subscriptions are set by the admin CLI.
 *
 * | product group   | grants                                                                          |
 * |-----------------|---------------------------------------------------------------------------------|
 * | `request_speed` | per_minute 240, per_hour 7200, concurrency 16, delay 0                            |
 * | `feat_pack`     | private_skins, capes, ad_free, skin_history_unlimited, edit/delete windows 72 h  |
 * | `credits`       | batch_generation (the credits themselves are ledger rows, see `credits.ts`)      |
 * | `one_time`      | ad_free                                                                          |
 *
 * Numbers only ever raise a caller's limit: a subscription never lowers what the defaults or an
 * admin grant already allow (see {@link mergeSubscriptionGrants}).
 * @module
 */
import { eq } from 'drizzle-orm'
import type { Grants } from '../../config'
import type { Db } from '../../store/db'
import { subscriptions } from '../../store/schema'

/** Product groups (SPEC §3). */
export const PRODUCT_GROUPS = ['request_speed', 'feat_pack', 'credits', 'one_time'] as const
/** One product group. */
export type ProductGroup = (typeof PRODUCT_GROUPS)[number]
/** Subscription statuses (SPEC §3). */
export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'paused', 'pending', 'cancelled', 'expired', 'unpaid'] as const
/** One subscription status. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** Grants per product group (the table in the module doc). */
export const PRODUCT_GROUP_GRANTS: Record<ProductGroup, Partial<Grants>> = {
  request_speed: { per_minute: 240, per_hour: 7200, concurrency: 16, delay: 0 },
  feat_pack: {
    private_skins: true,
    capes: true,
    ad_free: true,
    skin_history_unlimited: true,
    skin_edit_duration: 72,
    skin_delete_duration: 72,
  },
  credits: { batch_generation: true },
  one_time: { ad_free: true },
}

/** SPEC §3: only `inactive` and `expired` are not valid; a row past `expiresAt` is not valid either. */
export function isValidSubscription(row: { status: string; expiresAt: number | null }, now: number): boolean {
  if (row.status === 'inactive' || row.status === 'expired') return false
  return row.expiresAt === null || row.expiresAt > now
}

/** The user's subscriptions that are valid at `now`. */
export async function validSubscriptions(db: Db, userId: string, now: number) {
  return (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).all()).filter((r) => isValidSubscription(r, now))
}

/** Lower delay is better; every other number is better when higher; booleans are or-ed. */
function better(key: keyof Grants, a: number | boolean, b: number | boolean): number | boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) || Boolean(b)
  return key === 'delay' ? Math.min(a, b) : Math.max(a, b)
}

/** `grants` raised by the grants of every valid subscription of `userId`. */
export async function mergeSubscriptionGrants(db: Db, grants: Grants, userId: string | null, now: number): Promise<Grants> {
  if (!userId) return grants
  const out: Grants = { ...grants }
  for (const sub of await validSubscriptions(db, userId, now)) {
    for (const [k, v] of Object.entries(PRODUCT_GROUP_GRANTS[sub.productGroup])) {
      const key = k as keyof Grants
      ;(out as Record<string, number | boolean>)[key] = better(key, out[key], v as number | boolean)
    }
  }
  return out
}

/** Whether the user has a valid subscription of `group`. */
export async function hasValidSubscription(db: Db, userId: string, group: ProductGroup, now: number): Promise<boolean> {
  return (await validSubscriptions(db, userId, now)).some((s) => s.productGroup === group)
}

/** Adds a subscription row (admin CLI). */
export async function addSubscription(
  db: Db,
  opts: { id: string; userId: string; productGroup: ProductGroup; status: SubscriptionStatus; now: number; expiresAt?: number | null },
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ id: opts.id, userId: opts.userId, productGroup: opts.productGroup, status: opts.status, createdAt: opts.now, updatedAt: opts.now, expiresAt: opts.expiresAt ?? null })
    .run()
}

/** Every subscription row of a user, valid or not (account pages). */
export async function allSubscriptions(db: Db, userId: string) {
  return await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).all()
}

/**
 * The grants the user's valid subscriptions add, merged over each other (for the web token, which
 * shows `ad_free` as the 'member' avatar, SPEC §2); the API itself uses {@link mergeSubscriptionGrants}.
 */
export async function subscriptionGrants(db: Db, userId: string, now: number): Promise<Partial<Grants>> {
  const out: Partial<Grants> = {}
  for (const sub of await validSubscriptions(db, userId, now)) {
    for (const [k, v] of Object.entries(PRODUCT_GROUP_GRANTS[sub.productGroup])) {
      const key = k as keyof Grants
      const prev = out[key]
      ;(out as Record<string, number | boolean>)[key] = prev === undefined ? (v as number | boolean) : better(key, prev, v as number | boolean)
    }
  }
  return out
}

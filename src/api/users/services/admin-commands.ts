/**
 * The admin commands behind `bun run accounts -- …` (no payment provider, so
 * grants, credits, subscriptions and notifications are set by hand). Pure over a database handle
 * so tests call it directly; `cli.ts` is the thin process wrapper.
 * @module
 */
import { eq } from 'drizzle-orm'
import { grantsSchema, type Grants } from '../../config'
import { randomHex } from '../../ids'
import type { Db } from '../../store/db'
import { users } from '../../store/schema'
import { lockUser, unlockUser } from './account-lock'
import { CREDIT_PERIODS, CREDIT_TYPES, createCreditLedger, type CreditPeriod, type CreditType } from './credits'
import { createNotification } from './notifications'
import { removeReportedSkin } from './skin-removal'
import { addSubscription, PRODUCT_GROUPS, SUBSCRIPTION_STATUSES, type ProductGroup, type SubscriptionStatus } from './subscription-grants'

/** Usage text. */
export const ACCOUNTS_USAGE = `usage: bun run accounts -- <command>
  grant <email> <grant> [value]            set a user grant (booleans default to true)
  credits <email> <amount> [type] [period] add credits (type ${CREDIT_TYPES.join('|')}, default free;
                                           period ${CREDIT_PERIODS.join('|')}, default once)
  subscribe <email> <group> [status]       add a subscription (group ${PRODUCT_GROUPS.join('|')};
                                           status ${SUBSCRIPTION_STATUSES.join('|')}, default active)
  notify <email> <title> <message>         send a notification
  remove-skin <skin-id> [reason]           remove a (reported) skin and notify its owners
  lock <email>                             lock an account: sign-in refused, sessions ended, keys refused
  unlock <email>                           lift a lock (keys work again; the user signs in anew)`

/** Bad input: the CLI prints the message and exits non-zero. */
export class UsageError extends Error {}

const oneOf = <T extends string>(list: readonly T[], v: string, what: string): T => {
  if (!(list as readonly string[]).includes(v)) throw new UsageError(`Unknown ${what} "${v}" (one of: ${list.join(', ')})`)
  return v as T
}

const userByEmail = async (db: Db, email: string | undefined) => {
  if (!email) throw new UsageError('Missing <email>')
  const row = await db.select({ id: users.id, grants: users.grants }).from(users).where(eq(users.email, email.trim().toLowerCase())).get()
  if (!row) throw new UsageError(`No user with the email ${email}`)
  return row
}

/** Parses a grant value for `name`: booleans `true|false|yes|no|1|0`, numbers as numbers (the console's grant form too). */
export function grantValue(name: keyof Grants, raw: string | undefined): number | boolean {
  const field = grantsSchema.shape[name]
  const isBool = field.safeParse(true).success
  let v: number | boolean
  if (isBool) {
    if (raw === undefined || ['true', 'yes', '1'].includes(raw)) v = true
    else if (['false', 'no', '0'].includes(raw)) v = false
    else throw new UsageError(`Grant ${name} takes true or false, not "${raw}"`)
  } else {
    if (raw === undefined) throw new UsageError(`Grant ${name} needs a number value`)
    v = Number(raw)
  }
  const r = field.safeParse(v)
  if (!r.success || raw === '') throw new UsageError(`Invalid value "${raw}" for grant ${name}`)
  return r.data as number | boolean
}

/** Runs one command; returns the line to print. Throws {@link UsageError} on bad input. */
export async function runAccountsCommand(db: Db, args: string[], now: number): Promise<string> {
  const [cmd, email, ...rest] = args
  switch (cmd) {
    case 'grant': {
      const user = await userByEmail(db, email)
      const name = oneOf(Object.keys(grantsSchema.shape) as (keyof Grants)[], rest[0] ?? '', 'grant')
      const value = grantValue(name, rest[1])
      let current: Record<string, unknown> = {}
      try {
        current = user.grants ? (JSON.parse(user.grants) as Record<string, unknown>) : {}
      } catch {
        current = {}
      }
      await db.update(users).set({ grants: JSON.stringify({ ...current, [name]: value }), updatedAt: now }).where(eq(users.id, user.id)).run()
      return `Granted ${name} = ${value} to ${email} (user ${user.id})`
    }
    case 'credits': {
      const user = await userByEmail(db, email)
      const amount = Number(rest[0])
      if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000) throw new UsageError('<amount> must be a positive whole number')
      const type = oneOf<CreditType>(CREDIT_TYPES, rest[1] ?? 'free', 'credit type')
      const period = oneOf<CreditPeriod>(CREDIT_PERIODS, rest[2] ?? 'once', 'credit period')
      const row = await createCreditLedger(db).add({ userId: user.id, amount, type, period, now })
      const sum = await createCreditLedger(db).summary(user.id, now)
      return `Added ${amount} ${type} credits (${period}) to ${email} as ${row.id}; balance now ${sum.all.balance}`
    }
    case 'subscribe': {
      const user = await userByEmail(db, email)
      const group = oneOf<ProductGroup>(PRODUCT_GROUPS, rest[0] ?? '', 'product group')
      const status = oneOf<SubscriptionStatus>(SUBSCRIPTION_STATUSES, rest[1] ?? 'active', 'status')
      const id = randomHex(12)
      await addSubscription(db, { id, userId: user.id, productGroup: group, status, now })
      return `Subscribed ${email} to ${group} (${status}) as ${id}`
    }
    case 'notify': {
      const user = await userByEmail(db, email)
      const [title, ...words] = rest
      const message = words.join(' ').trim()
      if (!title?.trim() || !message) throw new UsageError('notify needs <title> and <message>')
      if (title.length > 200 || message.length > 2000) throw new UsageError('Title (200) or message (2000 characters) too long')
      const id = await createNotification(db, { userId: user.id, title: title.trim(), message, now })
      return `Notified ${email}: "${title.trim()}" as ${id}`
    }
    case 'remove-skin': {
      // `email` is the skin id here.
      const removed = email ? await removeReportedSkin(db, email, now, rest.join(' ').trim() || undefined) : null
      if (!removed) throw new UsageError(`No skin ${email ?? ''} to remove (missing, unknown or already deleted)`)
      return `Removed skin ${removed.uuid} (${removed.reports} reports); notified ${removed.notifiedUsers.length} account(s)`
    }
    case 'lock': {
      const user = await userByEmail(db, email)
      const ended = await lockUser(db, user.id, now)
      return `Locked ${email} (user ${user.id}); ended ${ended} session(s); its API keys are refused until unlocked`
    }
    case 'unlock': {
      const user = await userByEmail(db, email)
      await unlockUser(db, user.id, now)
      return `Unlocked ${email} (user ${user.id})`
    }
    default:
      throw new UsageError(cmd ? `Unknown command "${cmd}"` : 'Missing command')
  }
}

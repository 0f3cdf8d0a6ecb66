/**
 * The account pool the mojang signer draws from (reference mineskin-api.md §2.4: reuse an account
 * only after a minimum delay, time it out after a 429). S stores accounts in the database and
 * implements the same interface; the memory pool here is the reference behaviour and serves tests.
 * @module
 */
import type { MinecraftAccount } from './account'
import type { AccountErrorCode } from './account-errors'

/**
 * Outcome of one use of an account. `changedAt`: when the answer to its last skin change arrived (the
 * next change waits the delay and its margin from there; reference account-pool.md §6). `cooldown`: rest
 * the account (a 429, a refused token, or a session server that kept showing the old skin; MineSkin's
 * forced timeout); `authFailed`: Mojang refused the token, so renew it before the next use; `code`: why.
 */
export type AccountOutcome =
  | { ok: true; changedAt?: number }
  | { ok: false; cooldown?: boolean; authFailed?: boolean; code?: AccountErrorCode; error: string; now: number; changedAt?: number }

/** Why no account could be handed out, and when one may be (issue 20 point 4). */
export interface PoolAvailability {
  /** Accounts in the pool, in rotation or not (paused, disabled, waiting for a sign-in, too many errors). */
  total: number
  /** Accounts in rotation: enabled, not paused, not waiting for a sign-in, under the error limit. */
  inRotation: number
  /** Of those, not cooling down: the accounts that carry the load (MineSkin's "usable accounts"). */
  healthy: number
  /** Of those, free right now (not in use, their delay passed). */
  usable: number
  /** Earliest time an account in rotation becomes usable (epoch ms); null when none is in rotation. */
  nextAt: number | null
}

/**
 * Hands out accounts one use at a time. `acquire(now)` returns an enabled account that is not in use,
 * not timed out, whose token has not expired, with fewer than the allowed errors and whose last skin
 * change was answered at least the minimum delay plus its margin ago — least recently used first — and
 * stamps `lastUsed = now` (the release moves it to the answer's time); or null.
 * `release` must follow every acquire exactly once.
 */
export interface AccountPool {
  acquire(now: number): Promise<MinecraftAccount | null>
  release(account: MinecraftAccount, outcome: AccountOutcome): Promise<void>
  /** What the pool could hand out at `now`; the signer waits for `nextAt` when it is soon. */
  availability?(now: number): Promise<PoolAvailability>
  /** Extends the hold on `account` (restoring the owner's skin after use) before `release`. */
  hold?(account: MinecraftAccount, now: number): Promise<void>
}

/** Pool tuning. */
export interface AccountPoolOptions {
  /** Minimum time between two skin changes of one account, from the answer to the previous one. Default 15 000 ms (MineSkin MIN_ACCOUNT_DELAY floor). */
  minDelayMs?: number
  /** Added to `minDelayMs` (reference account-pool.md §6: keep a margin). Default 1000 ms. */
  delayMarginMs?: number
  /** How long an account rests after a 429, an auth error or a URL mismatch. Default 650 000 ms (MineSkin). */
  rateLimitTimeoutMs?: number
  /** Accounts with this many consecutive errors are no longer handed out. Default 10. */
  maxErrors?: number
}

/** Applies `outcome` to a stored account record (shared by every pool implementation). */
export function applyOutcome(account: MinecraftAccount, outcome: AccountOutcome, rateLimitTimeoutMs: number): MinecraftAccount {
  const lastUsed = Math.max(account.lastUsed, outcome.changedAt ?? 0)
  if (outcome.ok) return { ...account, lastUsed, errorCount: 0, lastError: null }
  return {
    ...account,
    lastUsed,
    errorCount: account.errorCount + 1,
    lastError: outcome.error,
    ...(outcome.cooldown ? { timeoutUntil: outcome.now + rateLimitTimeoutMs } : {}),
  }
}

/** True when `account` may be handed out at `now` (everything but "in use"). */
export function isAccountUsable(account: MinecraftAccount, now: number, opts: Required<AccountPoolOptions>): boolean {
  return (
    account.enabled &&
    account.timeoutUntil <= now &&
    now - account.lastUsed >= opts.minDelayMs + opts.delayMarginMs &&
    account.errorCount < opts.maxErrors &&
    (account.tokenExpiresAt === null || account.tokenExpiresAt > now)
  )
}

/** Default pool tuning. */
export const DEFAULT_POOL_OPTIONS: Required<AccountPoolOptions> = { minDelayMs: 15_000, delayMarginMs: 1000, rateLimitTimeoutMs: 650_000, maxErrors: 10 }

/** In-memory pool (tests, single-process setups); `accounts()` shows the current records. */
export function createMemoryAccountPool(
  accounts: MinecraftAccount[],
  opts: AccountPoolOptions = {},
): AccountPool & { accounts(): MinecraftAccount[]; availability(now: number): Promise<PoolAvailability> } {
  const o = { ...DEFAULT_POOL_OPTIONS, ...opts }
  const records = new Map(accounts.map((a) => [a.id, { ...a }]))
  const inUse = new Set<string>()
  return {
    async acquire(now) {
      const pick = [...records.values()]
        .filter((a) => !inUse.has(a.id) && isAccountUsable(a, now, o))
        .sort((a, b) => a.lastUsed - b.lastUsed)[0]
      if (!pick) return null
      pick.lastUsed = now
      inUse.add(pick.id)
      return { ...pick }
    },
    async release(account, outcome) {
      inUse.delete(account.id)
      const current = records.get(account.id)
      if (current) records.set(account.id, applyOutcome(current, outcome, o.rateLimitTimeoutMs))
    },
    accounts: () => [...records.values()].map((a) => ({ ...a })),
    async availability(now) {
      const inRotation = [...records.values()].filter((a) => a.enabled && a.errorCount < o.maxErrors && (a.tokenExpiresAt === null || a.tokenExpiresAt > now))
      const healthy = inRotation.filter((a) => a.timeoutUntil <= now)
      const nextAt = inRotation.length ? Math.max(now, Math.min(...inRotation.map((a) => Math.max(a.timeoutUntil, a.lastUsed + o.minDelayMs + o.delayMarginMs)))) : null
      return { total: records.size, inRotation: inRotation.length, healthy: healthy.length, usable: healthy.filter((a) => !inUse.has(a.id) && isAccountUsable(a, now, o)).length, nextAt }
    },
  }
}

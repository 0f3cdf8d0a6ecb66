/**
 * The account pool the mojang signer draws from (reference mineskin-api.md §2.4: reuse an account
 * only after a minimum delay, time it out after a 429). S stores accounts in the database and
 * implements the same interface; the memory pool here is the reference behaviour and serves tests.
 * @module
 */
import type { MinecraftAccount } from './account'

/** Outcome of one use of an account. */
export type AccountOutcome = { ok: true } | { ok: false; rateLimited?: boolean; error: string; now: number }

/**
 * Hands out accounts one use at a time. `acquire(now)` returns an enabled account that is not in use,
 * not timed out, whose token has not expired, with fewer than the allowed errors and last used at
 * least the minimum delay ago — least recently used first — and stamps `lastUsed = now`; or null.
 * `release` must follow every acquire exactly once.
 */
export interface AccountPool {
  acquire(now: number): Promise<MinecraftAccount | null>
  release(account: MinecraftAccount, outcome: AccountOutcome): Promise<void>
}

/** Pool tuning. */
export interface AccountPoolOptions {
  /** Minimum time between two uses of one account. Default 15 000 ms (MineSkin MIN_ACCOUNT_DELAY floor). */
  minDelayMs?: number
  /** How long a rate-limited (429) account rests. Default 120 000 ms. */
  rateLimitTimeoutMs?: number
  /** Accounts with this many consecutive errors are no longer handed out. Default 10. */
  maxErrors?: number
}

/** Applies `outcome` to a stored account record (shared by every pool implementation). */
export function applyOutcome(account: MinecraftAccount, outcome: AccountOutcome, rateLimitTimeoutMs: number): MinecraftAccount {
  if (outcome.ok) return { ...account, errorCount: 0, lastError: null }
  return {
    ...account,
    errorCount: account.errorCount + 1,
    lastError: outcome.error,
    ...(outcome.rateLimited ? { timeoutUntil: outcome.now + rateLimitTimeoutMs } : {}),
  }
}

/** True when `account` may be handed out at `now` (everything but "in use"). */
export function isAccountUsable(account: MinecraftAccount, now: number, opts: Required<AccountPoolOptions>): boolean {
  return (
    account.enabled &&
    account.timeoutUntil <= now &&
    now - account.lastUsed >= opts.minDelayMs &&
    account.errorCount < opts.maxErrors &&
    (account.tokenExpiresAt === null || account.tokenExpiresAt > now)
  )
}

/** Default pool tuning. */
export const DEFAULT_POOL_OPTIONS: Required<AccountPoolOptions> = { minDelayMs: 15_000, rateLimitTimeoutMs: 120_000, maxErrors: 10 }

/** In-memory pool (tests, single-process setups); `accounts()` shows the current records. */
export function createMemoryAccountPool(
  accounts: MinecraftAccount[],
  opts: AccountPoolOptions = {},
): AccountPool & { accounts(): MinecraftAccount[] } {
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
  }
}

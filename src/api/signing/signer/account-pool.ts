/**
 * The account pool the mojang signer draws from (reference mineskin-api.md §2.4: reuse an account
 * only after a minimum delay, time it out after a 429). S stores accounts in the database and
 * implements the same interface; the memory pool here is the reference behaviour and serves tests.
 * @module
 */
import { compactCapeId, type MinecraftAccount } from './account'
import type { AccountErrorCode } from './account-errors'

/**
 * Outcome of one use of an account. `changedAt`: when the answer to its last skin change arrived (the
 * next change waits the delay and its margin from there; reference account-pool.md §6). `cooldown`: rest
 * the account (a 429, a refused token, or a session server that kept showing the old skin; MineSkin's
 * forced timeout); `authFailed`: Mojang refused the token, so renew it before the next use; `code`: why.
 * `unused`: the account was given back without a skin change (it turned out not to own the asked cape),
 * so neither its use count nor its error count moves.
 */
export type AccountOutcome =
  | { ok: true; changedAt?: number; unused?: boolean }
  | { ok: false; cooldown?: boolean; authFailed?: boolean; code?: AccountErrorCode; error: string; now: number; changedAt?: number }

/** Why no account could be handed out, and when one may be. */
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
  acquire(now: number, want?: AccountWant): Promise<MinecraftAccount | null>
  release(account: MinecraftAccount, outcome: AccountOutcome): Promise<void>
  /** What the pool could hand out at `now` (of the accounts that fit `want`); the signer waits for `nextAt` when it is soon. */
  availability?(now: number, want?: AccountWant): Promise<PoolAvailability>
  /** Extends the hold on `account` (restoring the owner's skin after use) before `release`. */
  hold?(account: MinecraftAccount, now: number): Promise<void>
  /** Stores the capes `accountId` owns, as its services profile just listed them (they change between sign-ins). */
  setCapes?(accountId: string, capes: string[]): Promise<void>
}

/** What a job needs of the account it is handed. */
export interface AccountWant {
  /** Only an account that owns this cape (Mojang cape id, 32 hex or dashed). */
  cape?: string
}

/** True when `account` fits `want`. */
export const fitsWant = (account: Pick<MinecraftAccount, 'capes'>, want: AccountWant | undefined): boolean =>
  !want?.cape || account.capes.some((c) => compactCapeId(c) === compactCapeId(want.cape!))

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
  if (outcome.ok && outcome.unused) return account
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
): AccountPool & { accounts(): MinecraftAccount[]; availability(now: number, want?: AccountWant): Promise<PoolAvailability> } {
  const o = { ...DEFAULT_POOL_OPTIONS, ...opts }
  const records = new Map(accounts.map((a) => [a.id, { ...a }]))
  const inUse = new Set<string>()
  /** `lastUsed` of each account in use as it was before the acquire stamped it. */
  const lastUsedBefore = new Map<string, number>()
  return {
    async acquire(now, want) {
      const pick = [...records.values()]
        .filter((a) => !inUse.has(a.id) && isAccountUsable(a, now, o) && fitsWant(a, want))
        .sort((a, b) => a.lastUsed - b.lastUsed)[0]
      if (!pick) return null
      lastUsedBefore.set(pick.id, pick.lastUsed)
      pick.lastUsed = now
      inUse.add(pick.id)
      return { ...pick }
    },
    async release(account, outcome) {
      inUse.delete(account.id)
      const current = records.get(account.id)
      // Given back unused: its delay counts from its last skin change again, not from the acquire's stamp.
      if (current && outcome.ok && outcome.unused) current.lastUsed = lastUsedBefore.get(account.id) ?? current.lastUsed
      lastUsedBefore.delete(account.id)
      if (current) records.set(account.id, applyOutcome(current, outcome, o.rateLimitTimeoutMs))
    },
    async setCapes(accountId, capes) {
      const current = records.get(accountId)
      if (current) current.capes = [...capes]
    },
    accounts: () => [...records.values()].map((a) => ({ ...a })),
    async availability(now, want) {
      const inRotation = [...records.values()].filter((a) => a.enabled && a.errorCount < o.maxErrors && (a.tokenExpiresAt === null || a.tokenExpiresAt > now) && fitsWant(a, want))
      const healthy = inRotation.filter((a) => a.timeoutUntil <= now)
      const nextAt = inRotation.length ? Math.max(now, Math.min(...inRotation.map((a) => Math.max(a.timeoutUntil, a.lastUsed + o.minDelayMs + o.delayMarginMs)))) : null
      return { total: records.size, inRotation: inRotation.length, healthy: healthy.length, usable: healthy.filter((a) => !inUse.has(a.id) && isAccountUsable(a, now, o)).length, nextAt }
    },
  }
}

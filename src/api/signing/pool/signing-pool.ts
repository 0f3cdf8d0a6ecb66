/**
 * Everything the Mojang signing pool is, built once per process from config (docs/signing.md): the pool the
 * mojang signer draws from, the account manager, the background refresher and the capacity figures
 * that `/v2/delay`, job `eta` and the queue's concurrency follow. Platform-neutral: the token box comes
 * from the caller (a key file on Bun, the `POOL_TOKEN_KEY` secret on Workers).
 * @module
 */
import type { ApiConfig } from '../../config'
import type { SqlClient } from '../../store/sql'
import type { PoolAvailability } from '../signer/account-pool'
import { createBackgroundRefresher, type BackgroundRefresher } from './background-refresher'
import { createDbAccountPool, type DbAccountPool } from './db-account-pool'
import type { MicrosoftAuthConfig, MicrosoftFlow } from './microsoft/types'
import { notifyNeedsSignIn } from './owner-notice'
import { sealLegacyTokens } from './pool-account-store'
import { createPoolManager } from './pool-manager'
import type { PoolManager } from './pool-views'
import type { TokenBox } from './token-box'

/** The Live flow's default public client id (reference account-pool.md §2). */
export const LIVE_CLIENT_ID = '00000000441cc96b'

/**
 * The chain's configuration for a stored sign-in's flow. An account keeps the flow it signed in with;
 * if the operator switched flows since, Live accounts still renew with the Live default client id.
 */
export const authForFlow =
  (auth: MicrosoftAuthConfig) =>
  (flow: MicrosoftFlow): MicrosoftAuthConfig =>
    flow === auth.flow ? auth : flow === 'live' ? { ...auth, flow, clientId: LIVE_CLIENT_ID } : { ...auth, flow }

/** Dependencies of {@link createSigningPool}. */
export interface SigningPoolDeps {
  sql: SqlClient
  box: TokenBox
  config: ApiConfig['pool']
  now: () => number
  fetch?: typeof fetch
  /** Makes removed accounts' sealed tokens leave the database files too (src/api/store/purge.ts); absent on D1. */
  purge?: () => Promise<void>
  /** Where owners manage their signing accounts (the link in "needs sign-in" notifications). */
  managerUrl: string
  report?: (e: unknown) => void
}

/**
 * What the pool's capacity allows right now (MineSkin: delay = min delay ÷ usable accounts, 200 s with
 * none; here the min delay is the delay plus its margin, the spacing the pool really keeps).
 */
export interface PoolCapacity extends PoolAvailability {
  /** Time between two skin changes the whole pool can make, ms; null when no account is in rotation. */
  paceMs: number | null
}

/** The signing pool of one process. */
export interface SigningPool {
  pool: DbAccountPool
  manager: PoolManager
  refresher: BackgroundRefresher
  /** Capacity now (read from the database). */
  capacity(): Promise<PoolCapacity>
  /** The last capacity read (synchronous, for the queue's concurrency and `eta`). */
  lastCapacity(): PoolCapacity
  /** The capes (32-hex Mojang ids) some account in rotation owns: the ones a job can ask for (`GET /v2/capes`). */
  ownedCapes(): Promise<string[]>
  /**
   * Seals tokens stored in clear by older versions; starts the refresher when the pool signs (`refresh`).
   * The refresher renews at once, spending refresh tokens: call this only once the process is sure to
   * run (on Bun, after the port is bound: src/server/bun.ts).
   */
  start(opts: { refresh: boolean }): Promise<void>
  /** Stops the refresher and waits for every renewal in flight (its rotated refresh token stored). */
  stop(): Promise<void>
}

/** Builds the signing pool. */
export function createSigningPool(deps: SigningPoolDeps): SigningPool {
  const { sql, box, config, now } = deps
  const auth: MicrosoftAuthConfig = { ...config.auth, ...(deps.fetch ? { fetch: deps.fetch } : {}) }
  const authFor = authForFlow(auth)
  const rules = config.rotation
  let ticker: ReturnType<typeof setInterval> | null = null
  let last: PoolCapacity = { total: 0, inRotation: 0, healthy: 0, usable: 0, nextAt: null, paceMs: null }

  const capacity = async () => {
    const a = await inner.availability(now())
    last = { ...a, paceMs: a.healthy > 0 ? Math.ceil((rules.minDelayMs + rules.delayMarginMs) / a.healthy) : null }
    return last
  }

  const inner = createDbAccountPool({
    sql,
    box,
    rules,
    renewal: {
      authFor,
      now,
      retryAfterMs: 60_000,
      notifyNeedsSignIn: (row, code) => notifyNeedsSignIn(sql, { ownerUserId: row.owner_user_id, accountName: row.name, code, managerUrl: deps.managerUrl, now: now() }),
    },
  })
  // Every outcome can change what the pool can do: the figures the queue reads synchronously follow.
  const pool: DbAccountPool = {
    ...inner,
    async acquire(t, want) {
      const account = await inner.acquire(t, want)
      if (!account) await capacity()
      return account
    },
    async release(account, outcome) {
      await inner.release(account, outcome)
      await capacity()
    },
  }
  const manager = createPoolManager({ sql, box, auth, now, rules, ...(deps.purge ? { purge: deps.purge } : {}) })
  const refresher = createBackgroundRefresher({ sql, pool, rules, everyMs: config.refreshEveryMs, now, ...(deps.report ? { report: deps.report } : {}) })
  return {
    pool,
    manager,
    refresher,
    capacity,
    lastCapacity: () => last,
    ownedCapes: () => inner.ownedCapes(now()),
    async start(opts) {
      await sealLegacyTokens(sql, box)
      await capacity()
      if (opts.refresh) {
        refresher.start()
        // Cooldowns end and accounts are added between jobs: keep the synchronous figures current.
        ticker = setInterval(() => void capacity().catch((e) => deps.report?.(e)), 5000)
        ;(ticker as { unref?: () => void }).unref?.()
      }
    },
    async stop() {
      if (ticker) clearInterval(ticker)
      ticker = null
      await refresher.stop()
      await pool.renewalsSettled()
    },
  }
}

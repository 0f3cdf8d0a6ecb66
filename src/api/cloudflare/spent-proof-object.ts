/**
 * Anti-bot replay protection on Workers: a Durable Object remembering the proof
 * ids that hash to it until their challenges expire. One call at a time and synchronous SQLite make
 * the "first spend wins" check exact: the same proof sent twice at once, to any isolates, succeeds once.
 * Imports `cloudflare:workers`: only a Worker entry may import this file.
 * @module
 */
import type { DurableObjectState } from '@cloudflare/workers-types'
import { DurableObject } from 'cloudflare:workers'

/** Expired ids are dropped at most this often (ms). */
const PRUNE_EVERY = 60_000

/** Durable Object class of the spent-proof store; bind it with a `new_sqlite_classes` migration. */
export class SpentProofObject extends DurableObject<unknown> {
  #prunedAt = 0

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS spent (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS spent_expiry ON spent (expires_at);`,
    )
  }

  /** RPC: records `id` until `expiresAt` (epoch ms); true when this call spent it first. */
  spend(id: string, expiresAt: number): boolean {
    const now = Date.now()
    if (now - this.#prunedAt >= PRUNE_EVERY) {
      this.#prunedAt = now
      this.ctx.storage.sql.exec('DELETE FROM spent WHERE expires_at < ?', now)
    }
    // An id whose record has expired but not yet been pruned counts as unspent, like the SQLite store.
    const rows = this.ctx.storage.sql
      .exec('INSERT INTO spent (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at WHERE spent.expires_at < ? RETURNING id', id, expiresAt, now)
      .toArray()
    return rows.length === 1
  }
}

/**
 * Replay protection for anti-bot proofs: each proof id (the challenge nonce) is accepted once until
 * its challenge expires. An async interface so the record can live in SQLite on
 * Bun (the `antibot_spent` table, below) or in a Durable Object on Workers
 * (src/api/cloudflare/durable-spent-proofs.ts), where two isolates spending one proof at once must
 * still see exactly one success.
 * @module
 */
import type { Database } from 'bun:sqlite'

/** Where spent proof ids are remembered. */
export interface SpentProofStore {
  /** Records `id` as spent until `expiresAt` (epoch ms); true when this call was the first to spend it. */
  spend(id: string, expiresAt: number): Promise<boolean>
}

/** The embedded store: the `antibot_spent` table; expired rows are purged on each spend. */
export function sqliteSpentProofStore(sqlite: Database, now: () => number = Date.now): SpentProofStore {
  const insert = sqlite.query('INSERT INTO antibot_spent (id, expires_at) VALUES (?, ?) ON CONFLICT(id) DO NOTHING')
  const purge = sqlite.query('DELETE FROM antibot_spent WHERE expires_at < ?')
  return {
    async spend(id, expiresAt) {
      // bun:sqlite is synchronous, so the purge and insert run as one step for this process.
      purge.run(now())
      return insert.run(id, expiresAt).changes === 1
    },
  }
}

/**
 * Embedded anti-bot default: altcha proof-of-work (altcha-lib v2, SHA-256 key derivation).
 * `GET /v2/challenge` hands out an HMAC-signed challenge whose counter lies in
 * [minCounter, maxCounter]; the client brute-forces it (the altcha widget, or altcha-lib's
 * `solveChallenge`) and sends `base64(JSON.stringify({ challenge, solution }))` in the
 * `Turnstile-Token` header. Each proof is accepted once: its nonce is recorded until the challenge
 * expires, in a {@link SpentProofStore} (SQLite on Bun, a Durable Object on Workers).
 * The HMAC key lives in `<DATA_DIR>/altcha-key` here; ./altcha.ts is the verifier itself, which the
 * API Worker builds from a secret instead.
 * @module
 */
import type { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { readOrCreateSecret } from '../users/identity/secrets'
import { CHALLENGE_TTL_SECONDS, createAltchaVerifierWithSecret } from './altcha'
import { sqliteSpentProofStore, type SpentProofStore } from './spent-proof-store'
import type { AntiBotVerifier } from './verifier'

export { CHALLENGE_TTL_SECONDS }

/** Options of the altcha verifier. */
export interface AltchaVerifierOptions {
  dataDir: string
  /** The embedded store's database (its `antibot_spent` table), used when `spent` is not given. */
  sqlite?: Database
  /** Where spent proofs are remembered (default: the `antibot_spent` table of `sqlite`). */
  spent?: SpentProofStore
  minCounter: number
  maxCounter: number
}

/** Creates the altcha verifier with the HMAC key of `<dataDir>/altcha-key` (created once). */
export function createAltchaVerifier(opts: AltchaVerifierOptions): AntiBotVerifier {
  const spent = opts.spent ?? (opts.sqlite ? sqliteSpentProofStore(opts.sqlite) : null)
  if (!spent) throw new Error('The altcha verifier needs a spent-proof store or the SQLite database')
  return createAltchaVerifierWithSecret({ secret: readOrCreateSecret(join(opts.dataDir, 'altcha-key')), spent, minCounter: opts.minCounter, maxCounter: opts.maxCounter })
}

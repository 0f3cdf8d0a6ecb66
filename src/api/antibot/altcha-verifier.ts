/**
 * Embedded anti-bot default: altcha proof-of-work (altcha-lib v2, SHA-256 key derivation).
 * `GET /v2/challenge` hands out an HMAC-signed challenge whose counter lies in
 * [minCounter, maxCounter]; the client brute-forces it (the altcha widget, or altcha-lib's
 * `solveChallenge`) and sends `base64(JSON.stringify({ challenge, solution }))` in the
 * `Turnstile-Token` header. Each proof is accepted once: its nonce is recorded until the challenge
 * expires, in a {@link SpentProofStore} (SQLite on Bun, a Durable Object on Workers; issue 13 point 1).
 * The HMAC key lives in `<DATA_DIR>/altcha-key`.
 * @module
 */
import type { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { readOrCreateSecret } from '../identity/secrets'
import { sqliteSpentProofStore, type SpentProofStore } from './spent-proof-store'
import type { AntiBotVerifier } from './verifier'

/** Lifetime of a challenge, seconds. */
export const CHALLENGE_TTL_SECONDS = 600

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

const decodeToken = (token: string): { challenge: Challenge; solution: Solution } | null => {
  try {
    const text = token.trim().startsWith('{') ? token : Buffer.from(token, 'base64').toString('utf8')
    const p = JSON.parse(text) as { challenge?: Challenge; solution?: Solution }
    if (!p?.challenge?.parameters || typeof p.solution?.counter !== 'number') return null
    return { challenge: p.challenge, solution: p.solution }
  } catch {
    return null
  }
}

/** Creates the altcha verifier. */
export function createAltchaVerifier(opts: AltchaVerifierOptions): AntiBotVerifier {
  const secret = readOrCreateSecret(join(opts.dataDir, 'altcha-key'))
  const keySecret = createHash('sha256').update(`${secret}:derived-key`).digest('hex')
  const spent = opts.spent ?? (opts.sqlite ? sqliteSpentProofStore(opts.sqlite) : null)
  if (!spent) throw new Error('The altcha verifier needs a spent-proof store or the SQLite database')
  return {
    kind: 'altcha',
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(opts.minCounter, opts.maxCounter),
        deriveKey,
        // altcha compares expiry with the wall clock, so this uses it too.
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      })
    },
    async verify(token) {
      if (!token) return { ok: false, reason: 'missing' }
      const payload = decodeToken(token)
      if (!payload) return { ok: false, reason: 'invalid' }
      let result
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        })
      } catch {
        return { ok: false, reason: 'invalid' }
      }
      if (result.expired) return { ok: false, reason: 'expired' }
      if (!result.verified) return { ok: false, reason: 'invalid' }
      const expires = (payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000
      return (await spent.spend(payload.challenge.parameters.nonce, expires)) ? { ok: true } : { ok: false, reason: 'replayed' }
    },
  }
}

/**
 * The altcha proof-of-work verifier (see ./altcha-verifier.ts for the protocol) over an HMAC key
 * given as a string and a {@link SpentProofStore}. No file or SQLite access, so the API Worker
 * builds it from its `ALTCHA_HMAC_KEY` secret and the Durable Object store.
 * @module
 */
import { createHash } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { SpentProofStore } from './spent-proof-store'
import type { AntiBotVerifier } from './verifier'

/** Lifetime of a challenge, seconds. */
export const CHALLENGE_TTL_SECONDS = 600

/** Options of {@link createAltchaVerifierWithSecret}. */
export interface AltchaSecretOptions {
  /** The HMAC key (at least 32 characters; the Bun instance keeps 64 hex in `<DATA_DIR>/altcha-key`). */
  secret: string
  /** Where spent proofs are remembered. */
  spent: SpentProofStore
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

/** Creates the altcha verifier over an HMAC key held as a string. */
export function createAltchaVerifierWithSecret(opts: AltchaSecretOptions): AntiBotVerifier {
  const { secret, spent } = opts
  if (secret.length < 32) throw new Error('The altcha HMAC key must be at least 32 characters')
  const keySecret = createHash('sha256').update(`${secret}:derived-key`).digest('hex')
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

/**
 * Solves one altcha challenge (the API's `GET /v2/challenge`, src/api/antibot/altcha-verifier.ts)
 * with altcha-lib's solver, yielding to the page between short slices (`idle.ts`), and encodes the
 * proof for the `Turnstile-Token` header: `base64(JSON {challenge, solution})`. SHA-256 keys are
 * derived with the synchronous `sha256.ts` (altcha-lib's web derivation as its Node one does: the
 * digest of salt + password, `cost` times); other algorithms use altcha-lib's Web Crypto derivation.
 * @module
 */
import { solveChallenge, type Challenge, type DeriveKeyFunction } from 'altcha-lib'
import { deriveKey as deriveKeyWebCrypto } from 'altcha-lib/algorithms/web/sha'
import { createYielder } from './idle'
import { sha256 } from './sha256'

/** Give up on one challenge after this long, ms (challenges live 10 minutes). */
const SOLVE_TIMEOUT_MS = 120_000

/** A solved proof, ready for the header. */
export interface Proof {
  token: string
  /** Epoch ms after which the server refuses it. */
  expiresAt: number
}

/** Encodes a challenge and its solution for the `Turnstile-Token` header. */
export const encodeProof = (challenge: Challenge, solution: { counter: number; derivedKey: string }): string =>
  btoa(JSON.stringify({ challenge, solution }))

/** altcha's SHA key derivation for SHA-256, synchronous inside. */
export const deriveKeySha256: DeriveKeyFunction = async (parameters, salt, password) => {
  let key: Uint8Array<ArrayBuffer> = new Uint8Array(salt.length + password.length)
  key.set(salt)
  key.set(password, salt.length)
  for (let i = 0; i < Math.max(1, parameters.cost); i++) key = sha256(key)
  return { parameters: {}, derivedKey: key.slice(0, parameters.keyLength ?? 32) }
}

/** Solves `challenge` in idle-time slices; rejects when it cannot be solved in time. */
export async function solveAltcha(challenge: Challenge, signal?: AbortSignal): Promise<Proof> {
  const pause = createYielder()
  const deriveKey = challenge.parameters.algorithm === 'SHA-256' ? deriveKeySha256 : deriveKeyWebCrypto
  const controller = new AbortController()
  signal?.addEventListener('abort', () => controller.abort(), { once: true })
  const solution = await solveChallenge({
    challenge,
    controller,
    timeout: SOLVE_TIMEOUT_MS,
    // The password buffer is read before the first await of the derivation, so pausing first is safe.
    deriveKey: async (parameters, salt, password) => {
      await pause()
      return deriveKey(parameters, salt, password)
    },
  })
  if (!solution) throw new Error('The anti-bot challenge could not be solved')
  const expires = challenge.parameters.expiresAt
  return { token: encodeProof(challenge, solution), expiresAt: expires ? expires * 1000 : Number.POSITIVE_INFINITY }
}

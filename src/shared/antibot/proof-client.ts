/**
 * Anti-bot proofs for views, likes, tag votes and reports (SPEC §6: "anti-bot tokens are sent as a
 * header"). Each proof is single-use, so the client keeps one solved proof ahead for the next action
 * and starts the following one in idle time once it is spent; a proof the API refuses as invalid or
 * expired is solved again once and the action retried.
 * @module
 */
import type { Challenge } from 'altcha-lib'
import { ApiCallError } from '../api/api-call-error'
import { nextIdle } from './idle'
import type { Proof } from './solve'

/** Header the API reads the proof from (src/api/antibot/verifier.ts). */
export const PROOF_HEADER = 'Turnstile-Token'

/** A proof older than this margin before its expiry is not used (the request must still reach the API), ms. */
const EXPIRY_MARGIN_MS = 30_000

/** Where proofs come from: the challenge call (null when the API asks for none) and the solver. */
export interface ProofSource {
  challenge(): Promise<Challenge | null>
  solve(challenge: Challenge): Promise<Proof>
  now?: () => number
}

/** Headers carrying a proof (none when the API asks for none). */
export type ProofHeaders = Record<string, string>

/** The proof client. */
export interface ProofClient {
  /** Starts solving a proof ahead, if none is ready or under way. */
  prepare(): void
  /** Runs `action` with a fresh proof's headers; on a refused proof, solves a new one and retries once. */
  withProof<T>(action: (headers: ProofHeaders) => Promise<T>): Promise<T>
}

/** True for the API's answers to a missing, invalid, expired or replayed proof. */
export const isProofRefused = (error: unknown): boolean =>
  error instanceof ApiCallError && ((error.status === 403 && error.code === 'invalid_turnstile_token') || (error.status === 400 && error.code === 'missing_turnstile_token'))

const NO_PROOF: Proof = { token: '', expiresAt: Number.POSITIVE_INFINITY }

/** Builds a proof client over `source`. */
export function createProofClient(source: ProofSource): ProofClient {
  const now = source.now ?? Date.now
  let ahead: Promise<Proof> | null = null

  const solveOne = async (): Promise<Proof> => {
    const challenge = await source.challenge()
    return challenge ? source.solve(challenge) : NO_PROOF
  }

  /** The proof ahead (solving one if needed), taken out so nothing else spends it. */
  const take = async (): Promise<Proof> => {
    const pending = ahead ?? solveOne()
    ahead = null
    const proof = await pending.catch(() => solveOne())
    return proof.expiresAt - EXPIRY_MARGIN_MS > now() ? proof : solveOne()
  }

  const headers = (proof: Proof): ProofHeaders => (proof.token ? { [PROOF_HEADER]: proof.token } : {})

  const prepare = () => {
    if (ahead) return
    const next = nextIdle().then(() => solveOne())
    // A failed solve ahead is retried by the next action; it must not surface as unhandled.
    next.catch(() => {
      if (ahead === next) ahead = null
    })
    ahead = next
  }

  return {
    prepare,
    async withProof(action) {
      try {
        return await action(headers(await take()))
      } catch (error) {
        if (!isProofRefused(error)) throw error
        return await action(headers(await solveOne()))
      } finally {
        prepare()
      }
    },
  }
}

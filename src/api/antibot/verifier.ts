/**
 * Pluggable anti-bot check for views, likes, tag votes and reports. Clients send the proof in the
 * `Turnstile-Token` header, the header MineSkin clients already send (reference/mineskin-api.md
 * §1.2 CORS list, §1.7). The embedded default is a self-hosted altcha proof-of-work
 * (altcha-verifier.ts); a Cloudflare Turnstile verifier can implement the same interface.
 * @module
 */

/** Header carrying the anti-bot proof. */
export const ANTIBOT_HEADER = 'Turnstile-Token'

/** Why a proof was refused. */
export type AntiBotFailure = 'missing' | 'invalid' | 'expired' | 'replayed'

/** Verifies anti-bot proofs and issues challenges. */
export interface AntiBotVerifier {
  readonly kind: string
  /** A challenge for the client to solve, or null when this verifier issues none. */
  challenge(): Promise<unknown | null>
  /** Checks (and spends) a proof. */
  verify(token: string | null | undefined): Promise<{ ok: true } | { ok: false; reason: AntiBotFailure }>
}

/** A verifier that accepts everything (ANTIBOT=off, for closed intranet installs). */
export function createNoAntiBot(): AntiBotVerifier {
  return { kind: 'off', challenge: async () => null, verify: async () => ({ ok: true }) }
}

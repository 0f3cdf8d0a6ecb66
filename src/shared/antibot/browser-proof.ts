/**
 * The browser's one proof client: challenges from the site's own `/api/v2/challenge`, solved in idle
 * time. Loaded lazily by the islands that need a proof (views, likes, tags, reports), so altcha-lib
 * and the API client stay out of the JavaScript a page loads before interaction (DESIGN.md §4).
 * @module
 */
import type { Challenge } from 'altcha-lib'
import { browserApi } from '../api/browser-client'
import type { Parser } from '../api/client'
import { createProofClient } from './proof-client'
import { solveAltcha } from './solve'

/**
 * Reads the challenge answer: the raw altcha challenge, or `{antibot}` when the API asks for no proof.
 * Checked by hand, not with a schema: the challenge must reach the API again exactly as it came.
 */
export const challengeParser: Parser<Challenge | null> = {
  parse(value) {
    const p = (value as { parameters?: Record<string, unknown> } | null)?.parameters
    if (p && typeof p.nonce === 'string' && typeof p.salt === 'string' && typeof p.keyPrefix === 'string' && typeof p.algorithm === 'string') return value as Challenge
    if (value && typeof (value as { antibot?: unknown }).antibot === 'string') return null
    throw new Error('Unexpected anti-bot challenge')
  },
}

/** The browser's proof client. */
export const browserProof = createProofClient({
  challenge: async () => (await browserApi.call('/v2/challenge', challengeParser, { silent: true })) ?? null,
  solve: (challenge) => solveAltcha(challenge),
})

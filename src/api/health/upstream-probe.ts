/**
 * Whether the upstream API (SIGNER=upstream) answers: `GET {origin}/v2/delay` with the API key, a
 * cheap MineSkin-compatible call that spends no skin change (reference mineskin-api.md §1, "GET
 * /v2/delay"), at most once per `freshMs` — a recent answer stands for the next checks, so a readiness
 * probe every few seconds costs the upstream one request a minute or so. 2xx answers, and 429 (it
 * answers, and our key may generate again soon), count as answering; a refused key or another status
 * fails with it.
 * @module
 */
import { OK, type Check } from './check'

/** Options of {@link createUpstreamProbe}. */
export interface UpstreamProbeOptions {
  /** `UPSTREAM_ORIGIN`. */
  origin: string
  /** `UPSTREAM_API_KEY`. */
  apiKey?: string
  fetch?: typeof fetch
  now: () => number
  /** How long an answer stands, ms. Default 30 000. */
  freshMs?: number
  /** Deadline of the request, ms. Default 2000. */
  timeoutMs?: number
}

/** The probe; it remembers the last answer. */
export interface UpstreamProbe {
  check(): Promise<Check>
}

/** Creates the probe. */
export function createUpstreamProbe(opts: UpstreamProbeOptions): UpstreamProbe {
  const origin = opts.origin.replace(/\/+$/, '')
  const doFetch = opts.fetch ?? fetch
  const freshMs = opts.freshMs ?? 30_000
  const timeoutMs = opts.timeoutMs ?? 2000
  const headers = { accept: 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) }
  let answeredAt: number | null = null
  return {
    async check() {
      if (answeredAt !== null && opts.now() - answeredAt < freshMs) return OK
      let res: Response
      try {
        res = await doFetch(`${origin}/v2/delay`, { headers, signal: AbortSignal.timeout(timeoutMs) })
      } catch (e) {
        return { ok: false, reason: `the upstream API ${origin} could not be reached: ${e instanceof Error ? e.message : String(e)}` }
      }
      await res.body?.cancel().catch(() => {})
      if (res.ok || res.status === 429) {
        answeredAt = opts.now()
        return OK
      }
      if (res.status === 401 || res.status === 403) return { ok: false, reason: `the upstream API ${origin} refused the API key (HTTP ${res.status})` }
      return { ok: false, reason: `the upstream API ${origin} answered HTTP ${res.status}` }
    },
  }
}

/**
 * One request of the sign-in chain: a deadline, and the statuses every step
 * shares mapped to codes — a 429 is `sign_in_rate_limited`, a host that cannot be reached, times out,
 * answers 5xx or something that does not parse is `sign_in_unavailable`. Tokens never reach a message.
 * @module
 */
import type { z } from 'zod'
import { PoolSignInError } from './errors'
import type { MicrosoftAuthConfig } from './types'

/** An answer with its parsed JSON body (null when it was not JSON). */
export interface ChainAnswer {
  status: number
  body: unknown
  /** The step and host, for details: "Xbox XSTS at xsts.auth.xboxlive.com" (never the URL's query). */
  where: string
}

/** Sends one request; throws PoolSignInError for the shared failures. `what` names the step in details. */
export async function chainRequest(cfg: MicrosoftAuthConfig, url: string, init: RequestInit, what: string): Promise<ChainAnswer> {
  const where = `${what} at ${new URL(url).host}`
  const timeoutMs = cfg.timeoutMs ?? 10_000
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const res = await (cfg.fetch ?? fetch)(url, { ...init, signal })
    if (res.status === 429) throw new PoolSignInError('sign_in_rate_limited', `${where}: HTTP 429`)
    if (res.status >= 500) throw new PoolSignInError('sign_in_unavailable', `${where}: HTTP ${res.status}`)
    const text = await res.text()
    return { status: res.status, body: parseJson(text), where }
  } catch (e) {
    if (e instanceof PoolSignInError) throw e
    // The fetch error's own message is not kept: it may quote the request.
    throw new PoolSignInError('sign_in_unavailable', signal.aborted ? `${where}: no answer within ${timeoutMs} ms` : `${where}: could not be reached`)
  }
}

/** The JSON of a body, or null when it is empty or not JSON (the caller's schema then refuses it). */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** The shared failure for a status a step does not expect. */
export const unexpectedStatus = (answer: ChainAnswer, extra = '') => new PoolSignInError('sign_in_unavailable', `${answer.where}: HTTP ${answer.status}${extra ? ` ${extra}` : ''}`)

/** A form-encoded POST. */
export const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
})

/** A JSON POST. */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  body: JSON.stringify(body),
})

/** Parses a success body with `schema`, or fails as `sign_in_unavailable` (an answer we do not understand). */
export function parseAnswer<T extends z.ZodType>(schema: T, answer: ChainAnswer): z.infer<T> {
  const parsed = schema.safeParse(answer.body)
  if (!parsed.success) throw new PoolSignInError('sign_in_unavailable', `${answer.where}: unexpected answer (HTTP ${answer.status})`)
  return parsed.data
}

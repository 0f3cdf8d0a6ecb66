/**
 * One request of the sign-in chain (issue 20 point 1): a deadline, and the statuses every step
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
}

/** Sends one request; throws PoolSignInError for the shared failures. `what` names the step in details. */
export async function chainRequest(cfg: MicrosoftAuthConfig, url: string, init: RequestInit, what: string): Promise<ChainAnswer> {
  const timeoutMs = cfg.timeoutMs ?? 10_000
  const signal = AbortSignal.timeout(timeoutMs)
  let res: Response
  try {
    res = await (cfg.fetch ?? fetch)(url, { ...init, signal })
  } catch {
    throw new PoolSignInError('sign_in_unavailable', signal.aborted ? `${what}: no answer within ${timeoutMs} ms` : `${what}: could not be reached`)
  }
  if (res.status === 429) throw new PoolSignInError('sign_in_rate_limited', `${what}: HTTP 429`)
  if (res.status >= 500) throw new PoolSignInError('sign_in_unavailable', `${what}: HTTP ${res.status}`)
  const text = await res.text().catch(() => '')
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  return { status: res.status, body }
}

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
export function parseAnswer<T extends z.ZodType>(schema: T, answer: ChainAnswer, what: string): z.infer<T> {
  const parsed = schema.safeParse(answer.body)
  if (!parsed.success) throw new PoolSignInError('sign_in_unavailable', `${what}: unexpected answer (HTTP ${answer.status})`)
  return parsed.data
}

/**
 * The contract target over HTTP (so the API contract runs against the API Worker too):
 * `call` is a real fetch to a running deployment (the API Worker under `wrangler dev`, or any other
 * origin serving the API at its root), `proof` solves a challenge the deployment hands out, and
 * `settle` polls the user key's job list until none is waiting or processing. The API keys must exist
 * in the deployment's database already (test/worker/api-worker-stack.ts inserts them into local D1).
 * @module
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { ContractTarget } from './run-contract'

/** Options of {@link httpTarget}. */
export interface HttpTargetOptions {
  /** Origin (and optional path prefix) the API answers under, e.g. `http://127.0.0.1:8787` or `…/api`. */
  origin: string
  userKey: string
  plainKey: string
  player: { name: string; uuid: string }
  /** Longest time `settle` waits for the queue, ms (default 30 000). */
  settleTimeoutMs?: number
  seed?: number
  /** False where the deployment answers the job event stream 501 (ContractTarget.eventStream). */
  eventStream?: boolean
}

/**
 * A `fetch` to `origin + path`, with redirects left to the caller like the in-process target, each on a
 * connection of its own (Bun's `keepalive: false`). Reused connections to `wrangler dev` were reset now and
 * then as the next request went out (ECONNRESET before any answer, on a GET and on POSTs, two clean-clone
 * runs in four on one day): that race is the dev server's keep-alive, not an answer of the deployment, and a
 * POST may not be sent twice to get round it.
 */
export function httpCall(origin: string): (path: string, init?: RequestInit) => Promise<Response> {
  const base = origin.replace(/\/+$/, '')
  return (path, init) => fetch(base + path, { redirect: 'manual', keepalive: false, ...init })
}

/** A fresh anti-bot proof from the deployment's `/v2/challenge` (keep ALTCHA_MAX_COUNTER small in tests). */
export async function httpProof(call: (path: string, init?: RequestInit) => Promise<Response>): Promise<string> {
  const res = await call('/v2/challenge', { headers: { 'user-agent': 'ContractTest/1.0' } })
  if (!res.ok) throw new Error(`GET /v2/challenge answered ${res.status}: ${await res.text()}`)
  const challenge = (await res.json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('could not solve the challenge')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** Polls `GET /v2/queue` with `key` until no listed job is waiting or processing. */
export async function settleQueue(call: (path: string, init?: RequestInit) => Promise<Response>, key: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await call('/v2/queue', { headers: { 'user-agent': 'ContractTest/1.0', authorization: `Bearer ${key}` } })
    const body = (await res.json()) as { jobs?: { status: string }[] }
    if (res.ok && !(body.jobs ?? []).some((j) => j.status === 'waiting' || j.status === 'processing')) return
    if (Date.now() > deadline) throw new Error(`the queue did not settle within ${timeoutMs} ms: ${JSON.stringify(body).slice(0, 300)}`)
    await Bun.sleep(200)
  }
}

/** The contract target of a deployment reached over HTTP. */
export function httpTarget(opts: HttpTargetOptions): ContractTarget {
  const call = httpCall(opts.origin)
  return {
    call,
    proof: () => httpProof(call),
    settle: () => settleQueue(call, opts.userKey, opts.settleTimeoutMs),
    userKey: opts.userKey,
    plainKey: opts.plainKey,
    player: opts.player,
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.eventStream !== undefined ? { eventStream: opts.eventStream } : {}),
  }
}

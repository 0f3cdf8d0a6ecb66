/**
 * Readiness of the API (`GET /readyz`, docs/operations.md "Metrics"): the database takes a write, the
 * blob store answers and the signer can sign, each bounded in time (a check that hangs fails after
 * `timeoutMs`, 2 s by default) and run at once, so one probe takes at most that long. Platform-neutral:
 * the same checks run over bun:sqlite and SQLite blobs on Bun, D1 and R2 on the API Worker.
 * @module
 */
import type { BlobStore } from '../blob/blob-store'
import type { SqlClient } from '../store/sql'
import { checkBlobs } from './blob-check'
import { withDeadline, type Check, type Wait } from './check'
import { checkDatabase } from './database-check'
import { checkSigner, type SignerCheckDeps } from './signer-check'

export type { Check } from './check'

/** The answer: ready when every check is ok. */
export interface Readiness {
  ready: boolean
  checks: { database: Check; blobs: Check; signer: Check }
}

/** What the checks read. */
export interface ReadinessDeps extends SignerCheckDeps {
  sql: SqlClient
  blobs: Pick<BlobStore, 'has'>
  now: () => number
  /** Longest time one check may take, ms. Default 2000. */
  timeoutMs?: number
  /** Resolves after `ms` (tests: a check that never answers fails when they say so). */
  wait?: Wait
}

/** Default bound of one check. */
export const READINESS_TIMEOUT_MS = 2000

/** Runs the checks. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const ms = deps.timeoutMs ?? READINESS_TIMEOUT_MS
  const bounded = (run: () => Promise<Check>) => withDeadline(run, ms, deps.wait)
  const [database, blobs, signer] = await Promise.all([
    bounded(() => checkDatabase(deps.sql, deps.now())),
    bounded(() => checkBlobs(deps.blobs)),
    bounded(() => checkSigner(deps)),
  ])
  return { ready: database.ok && blobs.ok && signer.ok, checks: { database, blobs, signer } }
}

/**
 * The signer can sign: the local signer has its key loaded; the Mojang pool has an account in
 * rotation — one that signs now, or once its delay or rest ends (the pool's own `capacity()`, the figure
 * the queue and `/v2/delay` follow) — else the reason from the accounts' states ("no signing account can
 * sign: 2 need a sign-in"); the upstream API answered recently or answers now (./upstream-probe.ts).
 * Nothing here spends a skin change.
 * @module
 */
import type { PoolCounts } from '../signing/pool/pool-counts'
import type { PoolCapacity } from '../signing/pool/signing-pool'
import type { Signer } from '../signing/signer/types'
import { OK, type Check } from './check'
import type { UpstreamProbe } from './upstream-probe'

/** What the signer check reads. */
export interface SignerCheckDeps {
  signer: Pick<Signer, 'kind' | 'publicKeyPem'>
  /** SIGNER=mojang: the pool's capacity and the account manager's counts. */
  pool?: { capacity(): Promise<Pick<PoolCapacity, 'inRotation'>>; counts(): Promise<PoolCounts> }
  /** SIGNER=upstream. */
  upstream?: UpstreamProbe
}

/** Why no account of the pool can sign, from the counts. */
export function poolReason(counts: PoolCounts): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  if (total === 0) return 'no signing account can sign: the pool has no accounts (add one in the account manager or with `bun run pool`)'
  const parts = [
    counts.needs_sign_in ? `${counts.needs_sign_in} ${counts.needs_sign_in === 1 ? 'needs' : 'need'} a sign-in` : '',
    counts.out_of_rotation ? `${counts.out_of_rotation} out of rotation after too many errors` : '',
    counts.paused ? `${counts.paused} paused by ${counts.paused === 1 ? 'its owner' : 'their owners'}` : '',
    counts.disabled ? `${counts.disabled} disabled` : '',
  ].filter(Boolean)
  return `no signing account can sign: ${parts.length ? parts.join(', ') : 'none is in rotation'}`
}

/** Checks the signer (rejects with the underlying error). */
export async function checkSigner(deps: SignerCheckDeps): Promise<Check> {
  switch (deps.signer.kind) {
    case 'local':
      return (await deps.signer.publicKeyPem()) ? OK : { ok: false, reason: 'the local signing key is not loaded' }
    case 'mojang': {
      if (!deps.pool) return { ok: false, reason: 'the Mojang signer has no account pool' }
      if ((await deps.pool.capacity()).inRotation > 0) return OK
      return { ok: false, reason: poolReason(await deps.pool.counts()) }
    }
    case 'upstream':
      return deps.upstream ? deps.upstream.check() : { ok: false, reason: 'no upstream API is configured (UPSTREAM_ORIGIN)' }
  }
}

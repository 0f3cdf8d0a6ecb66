/**
 * Signing through real Minecraft accounts (reference mineskin-api.md §2.4, skins-and-peers.md §2.3):
 * take an account from the pool, upload the PNG as multipart (`variant`, `file`) to
 * `{servicesBase}/minecraft/profile/skins`, read `{sessionBase}/session/minecraft/profile/{uuid}?unsigned=false`
 * and keep its `textures` value + signature once `textures.SKIN.url` shows the uploaded skin (re-read a
 * couple of times, as the session server can lag) and the signature verifies against Mojang's key
 * (reference account-pool.md §5). A 429, a refused token or a profile that keeps the old skin rests the
 * account (reference account-pool.md §3); every failure is an ApiError with source UPSTREAM and is recorded on the
 * account with a stable code (./account-errors.ts). Only this path yields signatures vanilla servers accept.
 *
 * Capes (docs/signing.md "Capes"): a job with `cape` takes an account that owns it (the pool filters
 * on the cape ids stored at sign-in and renewal), reads the account's services profile (which
 * refreshes those ids and says which cape the owner shows), shows the asked cape
 * (`PUT /minecraft/profile/capes/active`) before the skin change, waits for the signed profile to
 * carry it as `textures.CAPE`, then puts the owner's choice back (their cape again, or none). A job
 * without `cape` on an account whose owner shows one hides it for the signature and puts it back the
 * same way, so its skin carries no cape it did not ask for. Showing a cape is not a skin change: it
 * is not paced.
 *
 * Pacing (reference account-pool.md §6): the next skin change of an account waits `minAccountDelayMs`
 * plus `delayMarginMs` from the moment the ANSWER to its previous change arrived. Counting from the
 * answer rather than from the send means the host has received the previous change before the interval
 * starts, however long the upload took on the wire; the margin covers a host that measures at another
 * point or more strictly than 15 s.
 * @module
 */
import { z } from 'zod'
import { ApiError, isApiError } from '../../errors'
import { minecraftProfileSchema } from '../../profiles/schemas'
import { decodeTexturesValue, hashFromTextureUrl } from '../../profiles/textures-value'
import { compactCapeId, type MinecraftAccount } from './account'
import type { AccountErrorCode } from './account-errors'
import type { AccountPool, AccountWant } from './account-pool'
import { MOJANG_SIGNATURE_KEY_PEM } from './mojang-public-key'
import { createTextureSignatureCheck } from './texture-signature-check'
import type { SignedTexture, Signer, SignRequest } from './types'

/** Configuration of {@link createMojangSigner}. */
export interface MojangSignerConfig {
  pool: AccountPool
  /** e.g. https://api.minecraftservices.com */
  servicesBase: string
  /** e.g. https://sessionserver.mojang.com */
  sessionBase: string
  fetch?: typeof fetch
  now?: () => number
  /** Minimum time between two skin changes of one account, from the answer to the previous one; waits out the rest if the pool hands one out sooner. Default 15 000 ms. */
  minAccountDelayMs?: number
  /** Added to `minAccountDelayMs` (POOL_DELAY_MARGIN_MS). Default 1000 ms. */
  delayMarginMs?: number
  /** SPKI PEM every session-server signature must verify against. Default: Mojang's Yggdrasil key. */
  signatureKeyPem?: string
  /** Extra profile reads when the URL does not match yet. Default 2 (MineSkin: "retry ×2 after 3 s"). */
  urlCheckRetries?: number
  /** Pause before each extra read. Default 3000 ms. */
  urlCheckDelayMs?: number
  /** Per-request deadline. Default 10 000 ms. */
  timeoutMs?: number
  /** Waits `ms`; injectable so tests do not sleep. */
  sleep?: (ms: number) => Promise<void>
  /** Reported as SignedTexture.server. */
  server?: string
  /** How long a job waits for an account whose cooldown or delay ends soon, instead of failing. Default 60 000 ms. */
  maxWaitMs?: number
  /** Called with a failed restore of an owner's skin (it does not fail the job). */
  onRestoreError?: (accountId: string, message: string) => void
}

/** The capes of a minecraftservices profile (`state` ACTIVE = the one shown). */
const profileCapesSchema = z.array(z.object({ id: z.string(), state: z.string(), url: z.string().optional(), alias: z.string().optional() })).default([])

/** minecraftservices answer to a skin upload: the profile with its skins (and capes). */
const uploadAnswerSchema = z.object({
  id: z.string(),
  skins: z.array(z.object({ id: z.string(), state: z.string(), url: z.string(), variant: z.string().optional() })).default([]),
  capes: profileCapesSchema,
})

/** The services profile read before a cape job. */
const servicesProfileSchema = z.object({ id: z.string(), capes: profileCapesSchema })

/**
 * A cape shown (or hidden) for one signature: `shown` is the cape id the signed profile must carry
 * (null: none) and `shownHash` its texture hash when known; `previous` is what the owner showed.
 */
interface CapeSwap {
  shown: string | null
  shownHash: string | null
  previous: string | null
}

/** How many accounts a cape job tries when the stored cape ids turn out to be stale. */
const CAPE_TRIES = 3

/**
 * A failed use of an account: the job's ApiError (`skin_change_failed`, or `invalid_signature`) with the
 * reason recorded on the account (`reason`), and whether the account must rest (MineSkin's forced
 * timeout: a 429, a refused token — `authFailed`: renewed before the next use — or a profile that kept
 * the old skin).
 */
class AccountFailure extends ApiError {
  readonly rest: boolean
  readonly authFailed: boolean
  constructor(
    readonly reason: AccountErrorCode,
    message: string,
    opts: { status?: 502 | 503 | 504; rest?: boolean; authFailed?: boolean; code?: 'skin_change_failed' | 'invalid_signature' } = {},
  ) {
    super(opts.code ?? 'skin_change_failed', message, opts.status ?? (opts.rest ? 503 : 502), 'UPSTREAM')
    this.rest = opts.rest ?? false
    this.authFailed = opts.authFailed ?? false
  }
}

const failed = (reason: AccountErrorCode, message: string, status: 502 | 503 | 504 = 502) => new AccountFailure(reason, message, { status })

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** No signing account in rotation owns the cape a job asks for (the API checks before queueing; the pool may change since). */
const capeUnavailable = (capeId: string) =>
  new ApiError('cape_unavailable', `No signing account in rotation owns the cape ${capeId}: see GET /v2/capes for the capes available`, 400, 'CLIENT')

/** Creates the mojang signer over an account pool. */
export function createMojangSigner(config: MojangSignerConfig): Signer {
  const doFetch = config.fetch ?? fetch
  const now = config.now ?? Date.now
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  // Both from the answer to the previous change (module comment).
  const spacing = (config.minAccountDelayMs ?? 15_000) + (config.delayMarginMs ?? 1000)
  const signatureOk = createTextureSignatureCheck(config.signatureKeyPem ?? MOJANG_SIGNATURE_KEY_PEM)
  const retries = config.urlCheckRetries ?? 2
  const retryDelay = config.urlCheckDelayMs ?? 3000
  const timeoutMs = config.timeoutMs ?? 10_000
  const maxWait = config.maxWaitMs ?? 60_000
  const servicesBase = config.servicesBase.replace(/\/+$/, '')
  const sessionBase = config.sessionBase.replace(/\/+$/, '')
  /**
   * When the answer to each account's last skin change by this signer arrived (guards against a pool
   * that hands an account out sooner; the pool keeps the same time as `last_used`).
   */
  const lastAnswer = new Map<string, number>()

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return await doFetch(url, { ...init, signal })
    } catch {
      if (signal.aborted) throw failed('unreachable', `${what} timed out after ${timeoutMs} ms`, 504)
      throw failed('unreachable', `${what} failed: the service could not be reached`)
    }
  }

  /**
   * Waits until the account's previous change was answered `spacing` ago. A loop: a timer may fire a
   * fraction of a millisecond before the wall clock says it is due.
   */
  async function paced(accountId: string): Promise<void> {
    for (let wait = (lastAnswer.get(accountId) ?? -Infinity) + spacing - now(); wait > 0; wait = (lastAnswer.get(accountId) ?? -Infinity) + spacing - now()) await sleep(wait)
  }

  /**
   * POSTs one skin change and stamps the time its answer (or its failure) arrived: whether or not it
   * succeeded, the host may have counted it, so the next change waits from then.
   */
  async function changeSkin(account: MinecraftAccount, init: RequestInit, what: string): Promise<{ res: Response; answeredAt: number }> {
    await paced(account.id)
    try {
      const res = await call(`${servicesBase}/minecraft/profile/skins`, init, what)
      return { res, answeredAt: now() }
    } finally {
      lastAnswer.set(account.id, now())
    }
  }

  /** The bearer header of `account`. */
  const bearer = (account: MinecraftAccount) => ({ authorization: `Bearer ${account.accessToken}` })

  /** Maps an answer of the services host that is not OK to the account's failure. */
  async function servicesFailure(res: Response, what: string): Promise<AccountFailure> {
    if (res.status === 429) return new AccountFailure('rate_limited', 'Mojang is rate limiting the account; try again later', { rest: true })
    if (res.status === 401 || res.status === 403) return new AccountFailure('token_refused', `Mojang rejected the account token (HTTP ${res.status})`, { rest: true, authFailed: true })
    return failed('skin_change_refused', `Mojang refused ${what} (HTTP ${res.status}): ${(await res.text()).slice(0, 200)}`)
  }

  /** Shows cape `capeId` (PUT) or hides the shown one (null: DELETE). */
  async function setShownCape(account: MinecraftAccount, capeId: string | null, what: string): Promise<Response> {
    const url = `${servicesBase}/minecraft/profile/capes/active`
    return capeId
      ? call(url, { method: 'PUT', body: JSON.stringify({ capeId }), headers: { ...bearer(account), 'content-type': 'application/json' } }, what)
      : call(url, { method: 'DELETE', headers: bearer(account) }, what)
  }

  /**
   * Reads the account's capes (storing them: they change between sign-ins) and shows `capeId`; null
   * when the account does not own it after all.
   */
  async function showCape(account: MinecraftAccount, capeId: string): Promise<CapeSwap | null> {
    const res = await call(`${servicesBase}/minecraft/profile`, { headers: { ...bearer(account), accept: 'application/json' } }, 'Reading the account profile')
    if (!res.ok) throw await servicesFailure(res, 'the profile read')
    const profile = servicesProfileSchema.safeParse(await res.json().catch(() => null))
    if (!profile.success) throw failed('skin_change_refused', 'Mojang answered the profile read without a readable profile')
    await config.pool.setCapes?.(account.id, profile.data.capes.map((c) => c.id))
    const owned = profile.data.capes.find((c) => compactCapeId(c.id) === compactCapeId(capeId))
    if (!owned) return null
    const previous = profile.data.capes.find((c) => c.state === 'ACTIVE')?.id ?? null
    if (previous !== owned.id) {
      const shown = await setShownCape(account, owned.id, 'Showing the cape')
      if (!shown.ok) throw await servicesFailure(shown, 'showing the cape')
    }
    return { shown: owned.id, shownHash: owned.url ? hashFromTextureUrl(owned.url) : null, previous }
  }

  /** Puts the owner's cape choice back; the error message when Mojang refused, else null (never throws). */
  async function putCapeBack(account: MinecraftAccount, swap: CapeSwap): Promise<string | null> {
    if (swap.previous === swap.shown) return null
    try {
      const res = await setShownCape(account, swap.previous, "Putting the owner's cape back")
      return res.ok ? null : `Mojang refused to put the owner's cape back (HTTP ${res.status})`
    } catch (e) {
      return isApiError(e) ? e.message : (e as Error).message
    }
  }

  /** Uploads the skin; returns the URL Mojang gave the new ACTIVE skin, the cape it shows and when the answer arrived. */
  async function upload(account: MinecraftAccount, req: SignRequest): Promise<{ url: string; answeredAt: number; activeCape: string | null }> {
    const form = new FormData()
    form.set('variant', req.variant)
    form.set('file', new Blob([req.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'skin.png')
    const { res, answeredAt } = await changeSkin(account, { method: 'POST', body: form, headers: { authorization: `Bearer ${account.accessToken}` } }, 'The skin upload')
    if (res.status === 429) throw new AccountFailure('rate_limited', 'Mojang is rate limiting the account; try again later', { rest: true })
    if (res.status === 401 || res.status === 403) throw new AccountFailure('token_refused', `Mojang rejected the account token (HTTP ${res.status})`, { rest: true, authFailed: true })
    if (!res.ok) throw failed('skin_change_refused', `Mojang refused the skin upload (HTTP ${res.status}): ${(await res.text()).slice(0, 200)}`)
    const parsed = uploadAnswerSchema.safeParse(await res.json().catch(() => null))
    const active = parsed.success ? parsed.data.skins.find((s) => s.state === 'ACTIVE') : undefined
    if (!active) throw failed('skin_change_refused', 'Mojang accepted the upload but reported no active skin')
    return { url: active.url, answeredAt, activeCape: parsed.data!.capes.find((c) => c.state === 'ACTIVE')?.id ?? null }
  }

  /**
   * True when the signed payload shows the cape `swap` asks for (none when it hides), or when the job
   * did not touch the cape.
   */
  const capeAsAsked = (capeUrl: string | undefined, swap: CapeSwap | null): boolean => {
    if (!swap) return true
    if (!swap.shown) return !capeUrl
    return !!capeUrl && (swap.shownHash === null || hashFromTextureUrl(capeUrl) === swap.shownHash)
  }

  /** Reads the signed profile until its SKIN url shows `expectedHash` (and its CAPE what `swap` set). */
  async function readSigned(account: MinecraftAccount, expectedHash: string, swap: CapeSwap | null) {
    for (let attempt = 0; ; attempt++) {
      const res = await call(`${sessionBase}/session/minecraft/profile/${account.id}?unsigned=false`, { headers: { accept: 'application/json' } }, 'Reading the signed profile')
      if (!res.ok || res.status === 204) throw failed('session_error', `The session server answered HTTP ${res.status} for the account profile`)
      const profile = minecraftProfileSchema.safeParse(await res.json().catch(() => null))
      const textures = profile.success ? profile.data.properties.find((p) => p.name === 'textures') : undefined
      if (!textures?.signature) throw failed('session_error', 'The session server returned no signed textures property')
      const payload = decodeTexturesValue(textures.value)
      const url = payload.textures.SKIN?.url
      if (url && hashFromTextureUrl(url) === expectedHash && capeAsAsked(payload.textures.CAPE?.url, swap)) {
        // A texture no server accepts must never be stored (reference account-pool.md §5).
        if (!(await signatureOk(textures.value, textures.signature))) {
          throw new AccountFailure('invalid_signature', 'The session server returned a textures signature that does not verify against Mojang\'s public key (MOJANG_SIGNATURE_KEY)', { code: 'invalid_signature' })
        }
        return { value: textures.value, signature: textures.signature, payload, url }
      }
      if (attempt >= retries) {
        const what = url && hashFromTextureUrl(url) === expectedHash ? (swap?.shown ? 'does not show the cape' : 'still shows a cape') : 'still shows another skin after the upload'
        throw new AccountFailure('url_mismatch', `The signed profile ${what} (URL mismatch)`, { rest: true })
      }
      await sleep(retryDelay)
    }
  }

  /** Settles when the last job that asked for an account has got one (or given up): the line's tail. */
  let line: Promise<void> = Promise.resolve()

  /**
   * An account from the pool, the jobs of this signer served in the order they asked. Without the
   * line, every waiting job wakes when the next account comes free, one wins and the others wait
   * again: on a busy pool (a backlog on every account) one job can lose race after race and pass
   * `maxWaitMs` while the pool keeps working at full speed (`bun run bench pool` saw 3 of 100 jobs
   * fail so). In line, the job at the head takes the next account; the queue runs no more jobs at
   * once than there are accounts (src/api/wire-services.ts), so the line stays short.
   */
  async function acquireAccount(want: AccountWant): Promise<MinecraftAccount> {
    const ahead = line
    let leave!: () => void
    line = new Promise<void>((resolve) => (leave = resolve))
    await ahead
    try {
      return await acquireAtHead(want)
    } finally {
      leave()
    }
  }

  /**
   * The head of the line's account; when none is free but one will be within `maxWaitMs` (a delay or
   * a cooldown ending), it waits for it instead of failing.
   */
  async function acquireAtHead(want: AccountWant): Promise<MinecraftAccount> {
    // Counted in waits, not by the clock: an injected clock that stands still must not wait forever.
    let waited = 0
    for (;;) {
      const account = await config.pool.acquire(now(), want)
      if (account) return account
      const seen = config.pool.availability ? await config.pool.availability(now(), want) : null
      if (want.cape && seen && seen.inRotation === 0) throw capeUnavailable(want.cape)
      if (!seen || seen.total === 0) {
        throw new ApiError('no_account_available', 'No signing account is in the pool: add a Minecraft account in the account manager', 503, 'UPSTREAM')
      }
      if (seen.inRotation === 0) {
        throw new ApiError(
          'no_account_available',
          `None of the ${seen.total} signing accounts is in rotation (paused, disabled, waiting for a new sign-in or out of rotation after errors): resume one or sign in again in the account manager`,
          503,
          'UPSTREAM',
        )
      }
      const pause = Math.max((seen.nextAt ?? now() + 1000) - now(), 250)
      if (waited + pause > maxWait) {
        throw new ApiError(
          'no_account_available',
          `All ${seen.inRotation} signing accounts are busy or cooling down; the next one is free in ${seconds(pause)} s`,
          503,
          'UPSTREAM',
        )
      }
      waited += pause
      await sleep(pause)
    }
  }

  /** Sets a skin from a URL (the owner's own skin, after use); resolves with when the answer arrived. */
  async function restoreOwnSkin(account: MinecraftAccount): Promise<number> {
    const own = account.ownSkin!
    const init = { method: 'POST', body: JSON.stringify({ variant: own.variant, url: own.url }), headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' } }
    const { res, answeredAt } = await changeSkin(account, init, 'Restoring the owner\'s skin')
    if (!res.ok) throw failed('restore_failed', `Mojang refused to restore the owner's skin (HTTP ${res.status})`)
    return answeredAt
  }

  /**
   * Puts the owner's skin back once the account's delay after the upload's answer has passed (a restore
   * is a skin change too), holding the account meanwhile; the job's result is not kept waiting.
   * `capeError`: putting the owner's cape back failed before (released as a failed restore too).
   */
  async function restoreThenRelease(account: MinecraftAccount, uploadAnsweredAt: number, capeError: string | null): Promise<void> {
    try {
      const wait = uploadAnsweredAt + spacing - now()
      if (wait > 0) await sleep(wait)
      await config.pool.hold?.(account, now())
      const answeredAt = await restoreOwnSkin(account)
      await config.pool.release(account, capeError ? { ok: false, code: 'restore_failed', error: capeError, now: now(), changedAt: answeredAt } : { ok: true, changedAt: answeredAt })
    } catch (e) {
      const message = isApiError(e) ? e.message : (e as Error).message
      config.onRestoreError?.(account.id, message)
      await config.pool.release(account, { ok: false, code: 'restore_failed', error: message, now: now(), changedAt: lastAnswer.get(account.id) ?? now() })
    }
  }

  /** The job's error for a failure while an account was held. */
  const asJobError = (e: unknown): ApiError => (e instanceof AccountFailure ? e : isApiError(e) ? e : failed('session_error', `Signing failed: ${(e as Error).message}`))

  /** Releases an account after a failed use, recording why (and resting it when the failure says so). */
  async function releaseFailed(account: MinecraftAccount, e: unknown): Promise<void> {
    const failure = e instanceof AccountFailure ? e : null
    const changedAt = lastAnswer.get(account.id)
    await config.pool.release(account, {
      ok: false,
      cooldown: failure?.rest ?? false,
      authFailed: failure?.authFailed ?? false,
      code: failure?.reason ?? 'session_error',
      error: asJobError(e).message,
      now: now(),
      ...(changedAt !== undefined ? { changedAt } : {}),
    })
  }

  return {
    kind: 'mojang',
    async sign(req): Promise<SignedTexture> {
      const want: AccountWant = req.cape ? { cape: req.cape.uuid } : {}
      let account: MinecraftAccount | undefined
      let swap: CapeSwap | null = null
      // A cape job: the stored cape ids may be stale; an account that turns out not to own the cape is given back unused.
      for (let tries = 0; !account; tries++) {
        if (tries >= (req.cape ? CAPE_TRIES : 1)) throw capeUnavailable(req.cape!.uuid)
        const candidate = await acquireAccount(want)
        if (!req.cape) {
          account = candidate
          break
        }
        try {
          swap = await showCape(candidate, req.cape.uuid)
        } catch (e) {
          await releaseFailed(candidate, e)
          throw asJobError(e)
        }
        if (swap) account = candidate
        else await config.pool.release(candidate, { ok: true, unused: true })
      }
      let result: SignedTexture
      let answeredAt: number
      try {
        const uploaded = await upload(account, req)
        answeredAt = uploaded.answeredAt
        // The owner shows a cape this job did not ask for: hidden for the signature, put back after.
        if (!swap && uploaded.activeCape) {
          swap = { shown: null, shownHash: null, previous: uploaded.activeCape }
          const hidden = await setShownCape(account, null, "Hiding the owner's cape")
          if (!hidden.ok) throw await servicesFailure(hidden, "hiding the owner's cape")
        }
        const uploadedUrl = uploaded.url
        const uploadedHash = hashFromTextureUrl(uploadedUrl)
        if (!uploadedHash) throw failed('skin_change_refused', `Mojang returned a texture URL without a hash: ${uploadedUrl}`)
        const signed = await readSigned(account, uploadedHash, swap)
        const capeUrl = signed.payload.textures.CAPE?.url
        const capeHash = capeUrl ? hashFromTextureUrl(capeUrl) : null
        result = {
          value: signed.value,
          signature: signed.signature,
          textureHash: uploadedHash,
          textureUrl: signed.url,
          ...(capeUrl && capeHash ? { capeUrl, capeHash } : {}),
          account: account.id.slice(0, 16),
          server: config.server ?? 'mojang',
        }
      } catch (e) {
        if (swap) {
          const capeError = await putCapeBack(account, swap)
          if (capeError) config.onRestoreError?.(account.id, capeError)
        }
        await releaseFailed(account, e)
        throw asJobError(e)
      }
      const capeError = swap ? await putCapeBack(account, swap) : null
      if (capeError) config.onRestoreError?.(account.id, capeError)
      if (account.restoreSkin && account.ownSkin) void restoreThenRelease(account, answeredAt, capeError)
      else await config.pool.release(account, capeError ? { ok: false, code: 'restore_failed', error: capeError, now: now(), changedAt: answeredAt } : { ok: true, changedAt: answeredAt })
      return result
    },
    publicKeyPem: async () => null,
  }
}

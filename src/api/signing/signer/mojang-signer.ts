/**
 * Signing through real Minecraft accounts (reference mineskin-api.md §2.4, skins-and-peers.md §2.3):
 * take an account from the pool, upload the PNG as multipart (`variant`, `file`) to
 * `{servicesBase}/minecraft/profile/skins`, read `{sessionBase}/session/minecraft/profile/{uuid}?unsigned=false`
 * and keep its `textures` value + signature once `textures.SKIN.url` shows the uploaded skin (re-read a
 * couple of times, as the session server can lag). A 429, a refused token or a profile that keeps the
 * old skin rests the account (issue 20 point 4); every failure is an ApiError with source UPSTREAM.
 * Only this path yields signatures vanilla servers accept.
 * @module
 */
import { z } from 'zod'
import { ApiError, isApiError } from '../../errors'
import { minecraftProfileSchema } from '../../profiles/schemas'
import { decodeTexturesValue, hashFromTextureUrl } from '../../profiles/textures-value'
import type { MinecraftAccount } from './account'
import type { AccountPool } from './account-pool'
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
  /** Minimum time between two uploads with one account by this signer; waits out the rest if the pool hands one out sooner. Default 15 000 ms. */
  minAccountDelayMs?: number
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

/** minecraftservices answer to a skin upload: the profile with its skins. */
const uploadAnswerSchema = z.object({
  id: z.string(),
  skins: z.array(z.object({ id: z.string(), state: z.string(), url: z.string(), variant: z.string().optional() })).default([]),
})

const failed = (message: string, status: 502 | 503 | 504 = 502) => new ApiError('skin_change_failed', message, status, 'UPSTREAM')

/**
 * A `skin_change_failed` after which the account must rest (MineSkin's forced timeout): a 429, a
 * refused token (`authFailed`: renewed before the next use) or a profile that kept the old skin.
 */
class AccountMustRest extends ApiError {
  constructor(
    message: string,
    readonly authFailed = false,
  ) {
    super('skin_change_failed', message, 503, 'UPSTREAM')
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** Creates the mojang signer over an account pool. */
export function createMojangSigner(config: MojangSignerConfig): Signer {
  const doFetch = config.fetch ?? fetch
  const now = config.now ?? Date.now
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const minDelay = config.minAccountDelayMs ?? 15_000
  const retries = config.urlCheckRetries ?? 2
  const retryDelay = config.urlCheckDelayMs ?? 3000
  const timeoutMs = config.timeoutMs ?? 10_000
  const maxWait = config.maxWaitMs ?? 60_000
  const servicesBase = config.servicesBase.replace(/\/+$/, '')
  const sessionBase = config.sessionBase.replace(/\/+$/, '')
  /** When this signer last uploaded with each account (guards against a pool that ignores the delay). */
  const lastUpload = new Map<string, number>()

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return await doFetch(url, { ...init, signal })
    } catch {
      if (signal.aborted) throw failed(`${what} timed out after ${timeoutMs} ms`, 504)
      throw failed(`${what} failed: the service could not be reached`)
    }
  }

  /** Uploads the skin; returns the URL Mojang gave the new ACTIVE skin. */
  async function upload(account: MinecraftAccount, req: SignRequest): Promise<string> {
    const form = new FormData()
    form.set('variant', req.variant)
    form.set('file', new Blob([req.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'skin.png')
    // The delay counts from the moment the request leaves, so it is checked and stamped right before it.
    // A loop: a timer may fire a fraction of a millisecond before the wall clock says it is due.
    for (let wait = (lastUpload.get(account.id) ?? -Infinity) + minDelay - now(); wait > 0; wait = (lastUpload.get(account.id) ?? -Infinity) + minDelay - now()) await sleep(wait)
    lastUpload.set(account.id, now())
    const res = await call(
      `${servicesBase}/minecraft/profile/skins`,
      { method: 'POST', body: form, headers: { authorization: `Bearer ${account.accessToken}` } },
      'The skin upload',
    )
    if (res.status === 429) throw new AccountMustRest('Mojang is rate limiting the account; try again later')
    if (res.status === 401 || res.status === 403) throw new AccountMustRest(`Mojang rejected the account token (HTTP ${res.status})`, true)
    if (!res.ok) throw failed(`Mojang refused the skin upload (HTTP ${res.status}): ${(await res.text()).slice(0, 200)}`)
    const parsed = uploadAnswerSchema.safeParse(await res.json().catch(() => null))
    const active = parsed.success ? parsed.data.skins.find((s) => s.state === 'ACTIVE') : undefined
    if (!active) throw failed('Mojang accepted the upload but reported no active skin')
    return active.url
  }

  /** Reads the signed profile until its SKIN url shows `expectedHash`. */
  async function readSigned(account: MinecraftAccount, expectedHash: string) {
    for (let attempt = 0; ; attempt++) {
      const res = await call(`${sessionBase}/session/minecraft/profile/${account.id}?unsigned=false`, { headers: { accept: 'application/json' } }, 'Reading the signed profile')
      if (!res.ok || res.status === 204) throw failed(`The session server answered HTTP ${res.status} for the account profile`)
      const profile = minecraftProfileSchema.safeParse(await res.json().catch(() => null))
      const textures = profile.success ? profile.data.properties.find((p) => p.name === 'textures') : undefined
      if (!textures?.signature) throw failed('The session server returned no signed textures property')
      const payload = decodeTexturesValue(textures.value)
      const url = payload.textures.SKIN?.url
      if (url && hashFromTextureUrl(url) === expectedHash) return { value: textures.value, signature: textures.signature, payload, url }
      if (attempt >= retries) throw new AccountMustRest('The signed profile still shows another skin after the upload (URL mismatch)')
      await sleep(retryDelay)
    }
  }

  /**
   * An account from the pool; when none is free but one will be within `maxWaitMs` (a delay or a
   * cooldown ending), the job waits for it instead of failing (issue 20 point 4).
   */
  async function acquireAccount(): Promise<MinecraftAccount> {
    // Counted in waits, not by the clock: an injected clock that stands still must not wait forever.
    let waited = 0
    for (;;) {
      const account = await config.pool.acquire(now())
      if (account) return account
      const seen = config.pool.availability ? await config.pool.availability(now()) : null
      if (!seen || seen.inRotation === 0) {
        throw new ApiError('no_account_available', 'No signing account is in the pool: add a Minecraft account in the account manager', 503, 'UPSTREAM')
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

  /** Sets a skin from a URL (the owner's own skin, after use). */
  async function restoreOwnSkin(account: MinecraftAccount): Promise<void> {
    const own = account.ownSkin!
    const res = await call(
      `${servicesBase}/minecraft/profile/skins`,
      { method: 'POST', body: JSON.stringify({ variant: own.variant, url: own.url }), headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' } },
      'Restoring the owner\'s skin',
    )
    if (!res.ok) throw failed(`Mojang refused to restore the owner's skin (HTTP ${res.status})`)
  }

  /**
   * Puts the owner's skin back once the account's delay after the upload has passed (a restore is a
   * skin change too), holding the account meanwhile; the job's result is not kept waiting.
   */
  async function restoreThenRelease(account: MinecraftAccount, uploadedAt: number): Promise<void> {
    try {
      const wait = uploadedAt + minDelay - now()
      if (wait > 0) await sleep(wait)
      await config.pool.hold?.(account, now())
      lastUpload.set(account.id, now())
      await restoreOwnSkin(account)
      await config.pool.release(account, { ok: true })
    } catch (e) {
      const message = isApiError(e) ? e.message : (e as Error).message
      config.onRestoreError?.(account.id, message)
      await config.pool.release(account, { ok: false, error: message, now: now() })
    }
  }

  return {
    kind: 'mojang',
    async sign(req): Promise<SignedTexture> {
      if (req.cape) throw new ApiError('invalid_cape', 'The mojang signer cannot apply capes', 400, 'CLIENT')
      const account = await acquireAccount()
      let result: SignedTexture
      try {
        const uploadedUrl = await upload(account, req)
        const uploadedHash = hashFromTextureUrl(uploadedUrl)
        if (!uploadedHash) throw failed(`Mojang returned a texture URL without a hash: ${uploadedUrl}`)
        const signed = await readSigned(account, uploadedHash)
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
        const error = isApiError(e) ? e : failed(`Signing failed: ${(e as Error).message}`)
        const rest = e instanceof AccountMustRest
        await config.pool.release(account, { ok: false, cooldown: rest, authFailed: rest && e.authFailed, error: error.message, now: now() })
        throw error
      }
      if (account.restoreSkin && account.ownSkin) void restoreThenRelease(account, lastUpload.get(account.id) ?? now())
      else await config.pool.release(account, { ok: true })
      return result
    },
    publicKeyPem: async () => null,
  }
}

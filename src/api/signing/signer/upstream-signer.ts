/**
 * Forwarding to another MineSkin-compatible API (reference mineskin-api.md §1.5, §2.6, §6 — the same
 * calls the official Java client makes): `POST {origin}/v2/queue` multipart with the API key as
 * Bearer token, poll `GET {origin}/v2/queue/{id}` (at most once a second, reference §2.6) until
 * completed or failed, fall back to `GET {origin}/v2/skins/{result}` when a completed job carries no
 * skin, and return `skin.texture.data`. Upstream errors keep their code and get source UPSTREAM.
 * @module
 */
import { z } from 'zod'
import { ApiError, isApiError } from '../../errors'
import { canonicalTextureHash, isTextureHash } from '../../image/texture-hash'
import { hashFromTextureUrl } from '../../profiles/textures-value'
import type { SignedTexture, Signer, SignRequest } from './types'

/** Configuration of {@link createUpstreamSigner}. */
export interface UpstreamSignerConfig {
  /** Another MineSkin-compatible API, e.g. https://api.mineskin.org */
  origin: string
  apiKey?: string
  fetch?: typeof fetch
  /** Deadline for the whole job (submit + polling). Default 60 000 ms. */
  timeoutMs?: number
  /** Pause between polls. Default 1000 ms. */
  pollIntervalMs?: number
  /** Visibility asked of the upstream. Default 'unlisted', so forwarded skins do not flood its gallery. */
  visibility?: 'public' | 'unlisted' | 'private'
  userAgent?: string
  now?: () => number
  /** Waits `ms`; injectable so tests do not sleep. */
  sleep?: (ms: number) => Promise<void>
}

const messageSchema = z.object({ code: z.string().optional(), message: z.string().optional() })

/** The parts of SkinInfo2 (reference §1.4) we need. */
const upstreamSkinSchema = z.object({
  uuid: z.string().optional(),
  texture: z.object({
    data: z.object({ value: z.string(), signature: z.string() }),
    hash: z.object({ skin: z.string().optional(), cape: z.string().optional() }).optional(),
    url: z.object({ skin: z.string().optional(), cape: z.string().optional() }).optional(),
  }),
  generator: z.object({ account: z.string().optional(), server: z.string().optional() }).partial().optional(),
})

/** v2 envelope with the fields of queue and skin answers. */
const envelopeSchema = z.object({
  success: z.boolean().optional(),
  job: z.object({ id: z.string(), status: z.string(), result: z.string().nullish() }).optional(),
  skin: upstreamSkinSchema.optional(),
  errors: z.array(messageSchema).optional(),
})
type Envelope = z.infer<typeof envelopeSchema>

/** ApiError from an upstream envelope's errors[] (first = main, rest = causes). */
function upstreamError(status: number, body: Envelope | null, fallback: string): ApiError {
  const [first, ...rest] = body?.errors ?? []
  const causes = rest.map((e) => ({ code: e.code ?? 'upstream_error', message: e.message ?? '' }))
  // A 429 upstream is not the caller's rate limit: report the upstream as temporarily unavailable.
  return new ApiError(first?.code ?? 'upstream_error', `Upstream: ${first?.message ?? fallback}`, status === 429 ? 503 : 502, 'UPSTREAM', causes)
}

/** Creates a signer that forwards to `config.origin`. */
export function createUpstreamSigner(config: UpstreamSignerConfig): Signer {
  const doFetch = config.fetch ?? fetch
  const origin = config.origin.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? 60_000
  const pollMs = config.pollIntervalMs ?? 1000
  const now = config.now ?? Date.now
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const headers = {
    accept: 'application/json',
    'user-agent': config.userAgent ?? 'SkinSignatureGenerator/upstream-signer',
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  }

  /** One call with the remaining time as deadline; non-2xx answers become upstream errors. */
  async function call(path: string, deadline: number, init: RequestInit = {}): Promise<Envelope> {
    const left = deadline - now()
    if (left <= 0) throw new ApiError('generator_timeout', `Upstream did not finish within ${timeoutMs} ms`, 504, 'UPSTREAM')
    const signal = AbortSignal.timeout(left)
    let res: Response
    try {
      res = await doFetch(`${origin}${path}`, { ...init, headers, signal })
    } catch {
      if (signal.aborted) throw new ApiError('generator_timeout', `Upstream did not finish within ${timeoutMs} ms`, 504, 'UPSTREAM')
      throw new ApiError('upstream_error', `Upstream ${origin} could not be reached`, 502, 'UPSTREAM')
    }
    const raw = await res.json().catch(() => null)
    const parsed = envelopeSchema.safeParse(raw)
    const body = parsed.success ? parsed.data : null
    if (!res.ok && !(body?.success === true)) throw upstreamError(res.status, body, `HTTP ${res.status}`)
    if (!body) throw new ApiError('upstream_error', `Upstream sent an answer we cannot read (HTTP ${res.status})`, 502, 'UPSTREAM')
    return body
  }

  async function submit(req: SignRequest, deadline: number): Promise<Envelope> {
    const form = new FormData()
    form.set('file', new Blob([req.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'skin.png')
    form.set('variant', req.variant)
    form.set('visibility', config.visibility ?? 'unlisted')
    if (req.cape) form.set('cape', req.cape.uuid)
    return call('/v2/queue', deadline, { method: 'POST', body: form })
  }

  /** Polls the job until it completes with a skin or fails. */
  async function awaitSkin(first: Envelope, deadline: number): Promise<z.infer<typeof upstreamSkinSchema>> {
    let body = first
    for (;;) {
      if (body.skin) return body.skin
      const job = body.job
      if (!job) throw new ApiError('upstream_error', 'Upstream answered without a job or a skin', 502, 'UPSTREAM')
      if (job.status === 'failed') throw upstreamError(502, body.errors?.length ? body : { errors: [{ code: 'job_failed', message: 'The upstream job failed' }] }, 'job failed')
      if (job.status === 'completed' && job.result) {
        const skin = (await call(`/v2/skins/${encodeURIComponent(job.result)}`, deadline)).skin
        if (!skin) throw new ApiError('upstream_error', 'Upstream completed the job but has no such skin', 502, 'UPSTREAM')
        return skin
      }
      if (deadline - now() <= pollMs) throw new ApiError('generator_timeout', `Upstream did not finish within ${timeoutMs} ms`, 504, 'UPSTREAM')
      await sleep(pollMs)
      body = await call(`/v2/queue/${encodeURIComponent(job.id)}`, deadline)
    }
  }

  return {
    kind: 'upstream',
    async sign(req): Promise<SignedTexture> {
      const deadline = now() + timeoutMs
      try {
        const skin = await awaitSkin(await submit(req, deadline), deadline)
        const textureUrl = skin.texture.url?.skin ?? ''
        const rawHash = skin.texture.hash?.skin
        const textureHash = rawHash && isTextureHash(rawHash) ? canonicalTextureHash(rawHash) : hashFromTextureUrl(textureUrl)
        if (!textureHash) throw new ApiError('invalid_skin_data', 'Upstream returned a skin without a texture hash', 502, 'UPSTREAM')
        const capeUrl = skin.texture.url?.cape
        const capeHash = skin.texture.hash?.cape ?? (capeUrl ? hashFromTextureUrl(capeUrl) : null)
        return {
          value: skin.texture.data.value,
          signature: skin.texture.data.signature,
          textureHash,
          textureUrl,
          ...(capeUrl && capeHash ? { capeUrl, capeHash } : {}),
          account: skin.generator?.account ?? 'upstream',
          server: skin.generator?.server ?? new URL(origin).host,
        }
      } catch (e) {
        if (isApiError(e)) throw e
        throw new ApiError('upstream_error', `Forwarding to ${origin} failed: ${(e as Error).message}`, 502, 'UPSTREAM')
      }
    },
    publicKeyPem: async () => null,
  }
}

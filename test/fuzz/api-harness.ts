/**
 * The embedded API under fuzz: a real temp SQLite, anti-bot off (so hostile
 * bodies reach the vote and report code instead of stopping at the proof check), generous limits,
 * a local Mojang stand-in (player look-ups never leave the machine), a few real skins and a job to
 * aim ids at, and one checker for the property every answer must hold.
 * @module
 */
import { expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { isLegacyPath } from '../../src/api/legacy'
import { v1AnchorListResponseSchema, v1ErrorSchema } from '../../src/shared/schemas/api'
import { startTestApi, uploadForm, type TestApi } from '../../src/api/testing/api-harness'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { paintedSkinPng } from '../support/skin-files'
import { authorizationHeader, contentType, cookieHeader, headerValue, jsonText, nastyString, queryString } from './arbitraries'
import { mutatedPng } from './png-arbitraries'

/** A running fuzz target and the ids of what it holds. */
export interface FuzzApi {
  t: TestApi
  mojang: MojangStandIn
  /** Cookie of the client that owns the skins. */
  owner: string
  skins: { uuid: string; shortId: string; texture: string }[]
  jobId: string
  imageHash: string
  /** Errors the API reported as unexpected (they would be 500 `internal_error`). */
  unexpected: unknown[]
  /** Undoes what a fuzz case's PATCH or DELETE did to the target skins, so later cases reach them too. */
  restore(): void
  close(): Promise<void>
}

/** Starts the API with two skins (one public, one unlisted) owned by one client cookie. */
export async function startFuzzApi(): Promise<FuzzApi> {
  const mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  await mojang.addPlayer('Notch', paintedSkinPng(7))
  const unexpected: unknown[] = []
  const t = await startTestApi({
    env: {
      ANTIBOT: 'off',
      LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
      LIMIT_ANONYMOUS_PER_HOUR: '1000000',
      LIMIT_ANONYMOUS_PENDING: '1000',
      LIMIT_VALIDATE_PER_MINUTE: '1000000',
      MOJANG_API_BASE: mojang.apiBase,
      MOJANG_SESSION_BASE: mojang.sessionBase,
      MOJANG_SERVICES_BASE: mojang.servicesBase,
      MOJANG_TEXTURES_BASE: mojang.texturesBase,
      FETCH_TIMEOUT_MS: '1000',
    },
    deps: { onUnexpectedError: (e) => void unexpected.push(e) },
  })
  const owner = (await t.call('/v2/queue')).headers.get('set-cookie')!.split(';')[0]!
  const skins: FuzzApi['skins'] = []
  let jobId = ''
  let imageHash = ''
  for (const [seed, visibility] of [
    [1, 'public'],
    [2, 'unlisted'],
  ] as const) {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(paintedSkinPng(seed), { name: `Fuzz target ${seed}`, visibility }), headers: { cookie: owner } })
    if (sub.status >= 300) throw new Error(JSON.stringify(sub.body))
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: { cookie: owner } })
    jobId = sub.body.job.id
    imageHash = sub.body.links.image.split('/').pop()
    skins.push({ uuid: job.body.skin.uuid, shortId: job.body.skin.shortId, texture: job.body.skin.texture.hash.skin })
  }
  return {
    t,
    mojang,
    owner,
    skins,
    jobId,
    imageHash,
    unexpected,
    restore() {
      const [a, b] = skins
      t.api.db.run(sql`UPDATE skins SET deleted_at = NULL, status = 'success', visibility = CASE uuid WHEN ${a!.uuid} THEN 'public' WHEN ${b!.uuid} THEN 'unlisted' ELSE visibility END`)
    },
    async close() {
      await t.close()
      await mojang.stop()
    },
  }
}

/**
 * Sends `req` and checks the part of the fuzz property every API surface shares: the handler neither
 * throws nor reports an unexpected error, and the status is below 500. Returns the answer and its text.
 */
export async function sendFuzzCase(api: FuzzApi, req: Request, label: string): Promise<{ res: Response; text: string }> {
  let res: Response
  try {
    res = await api.t.api.fetch(req)
  } catch (e) {
    throw new Error(`${label}: the handler threw ${e instanceof Error ? e.stack : String(e)}`)
  }
  const text = await res.text()
  if (api.unexpected.length) {
    const first = api.unexpected.splice(0)[0]
    throw new Error(`${label}: unexpected error ${first instanceof Error ? first.stack : String(first)}`)
  }
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${text.slice(0, 500)}`)
  return { res, text }
}

/**
 * Checks a 4xx of a legacy v1 path (reference §7): the v1 error shape with a non-empty `errorCode`,
 * or — only for `GET /get/list/{anchor}` — the documented 404 list answer `{msg, skins: [], page}`.
 */
export function expectV1Error(req: Request, status: number, text: string, label: string): void {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`${label}: ${status} answered a non-JSON body: ${text.slice(0, 200)}`)
  }
  const path = new URL(req.url).pathname
  if (status === 404 && /^\/+get\/+list\/+[^/]/i.test(path) && v1AnchorListResponseSchema.safeParse(body).success) {
    expect((body as { msg?: unknown }).msg, `${label}: ${text.slice(0, 300)}`).toBe('anchor not found')
    return
  }
  const parsed = v1ErrorSchema.safeParse(body)
  if (!parsed.success) throw new Error(`${label}: ${status} is not a v1 error: ${text.slice(0, 300)}\n${parsed.error.message}`)
  expect(parsed.data.errorCode.length, `${label}: errorCode in ${text.slice(0, 300)}`).toBeGreaterThan(0)
}

/**
 * Sends `req` and checks the fuzz property of the API: {@link sendFuzzCase}, and every 4xx is the v2
 * error envelope with a non-empty `errors[]` whose items carry a string `code` (on the legacy v1
 * paths `/get/*` and `/generate/*`: the v1 error, {@link expectV1Error}).
 */
export async function expectCleanAnswer(api: FuzzApi, req: Request, label: string): Promise<Response> {
  const { res, text } = await sendFuzzCase(api, req, label)
  if (res.status >= 400 && req.method !== 'HEAD' && isLegacyPath(new URL(req.url).pathname)) {
    expectV1Error(req, res.status, text, label)
    return new Response(text, { status: res.status, headers: res.headers })
  }
  // HEAD answers carry no body by definition.
  if (res.status >= 400 && req.method !== 'HEAD') {
    let body: { success?: unknown; valid?: unknown; errors?: { code?: unknown }[] }
    try {
      body = JSON.parse(text)
    } catch {
      throw new Error(`${label}: ${res.status} answered a non-JSON body: ${text.slice(0, 200)}`)
    }
    // The legacy `/validate/*` "no such player" answer is `{valid:false}` with 404 (reference §1.9).
    if (res.status === 404 && body.valid === false && new URL(req.url).pathname.startsWith('/validate/')) return new Response(text, { status: res.status, headers: res.headers })
    expect(body.success, label).toBe(false)
    expect(Array.isArray(body.errors) && body.errors.length > 0, `${label}: errors[] in ${text.slice(0, 300)}`).toBe(true)
    for (const e of body.errors!) expect(typeof e.code === 'string' && e.code.length > 0, `${label}: error code in ${text.slice(0, 300)}`).toBe(true)
  }
  return new Response(text, { status: res.status, headers: res.headers })
}

/**
 * Builds a Request for the API, or null when the platform itself refuses these parts (a header with
 * a character `fetch` rejects): those never reach a server, so they are not a case.
 */
export function buildRequest(path: string, init: RequestInit): Request | null {
  try {
    return new Request(`http://api.local${path}`, init)
  } catch {
    return null
  }
}

/** Headers of one case: each of Authorization, Cookie, Content-Type, Origin, … present now and then (a bad key ends most requests early). */
export const headersArb = () => {
  const sometimes = <T,>(arb: fc.Arbitrary<T>, absent = 3) => fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
  return fc.record({
    authorization: sometimes(authorizationHeader, 6),
    cookie: sometimes(fc.oneof(cookieHeader, fc.constant('OWNER')), 2),
    'content-type': sometimes(contentType, 2),
    origin: sometimes(headerValue),
    'if-modified-since': sometimes(fc.oneof(headerValue, fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT'))),
    'if-none-match': sometimes(headerValue),
    'x-forwarded-for': sometimes(fc.oneof(headerValue, fc.constantFrom('1.2.3.4', '::1', '999.1.1.1, 10.0.0.1'))),
    'turnstile-token': sometimes(headerValue),
    'user-agent': sometimes(headerValue),
  })
}

/** One generated request body. */
export type FuzzBody = { kind: 'json' | 'form'; text: string } | { kind: 'multipart'; form: FormData } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'none' }

/** Option words the routes understand, mixed into multipart values. */
const OPTION_WORDS = ['public', 'unlisted', 'private', 'classic', 'slim', 'unknown', 'true'] as const

/**
 * Multipart fields named from `fields` (or hostile names) with random values or the given option
 * `words`; a file that is random, mutated, valid or missing, sometimes under another name, sometimes two.
 */
export const multipartArb = (fields: readonly string[], words: readonly string[] = OPTION_WORDS) =>
  fc
    .tuple(
      fc.dictionary(fc.oneof(fc.constantFrom(...fields), nastyString), fc.oneof(nastyString, fc.constantFrom(...words)), { maxKeys: 7 }),
      fc.oneof(fc.constant(null), fc.uint8Array({ maxLength: 300 }), mutatedPng(), fc.constant(paintedSkinPng(3))),
      fc.oneof(fc.constant('file'), nastyString),
      fc.boolean(),
      nastyString,
    )
    .map(([values, file, fileField, twoFiles, fileName]) => {
      const form = new FormData()
      for (const [k, v] of Object.entries(values)) form.append(k, v)
      if (file) form.append(fileField, new File([file as Uint8Array<ArrayBuffer>], fileName, { type: 'image/png' }))
      if (file && twoFiles) form.append('file', new File([file as Uint8Array<ArrayBuffer>], 'b.png'))
      return form
    })

/** A request body of any kind the routes read, its fields leaning towards `fields`. */
export const bodyArb = (fields: readonly string[], words?: readonly string[]): fc.Arbitrary<FuzzBody> =>
  fc.oneof(
    { weight: 3, arbitrary: jsonText(fields).map((text) => ({ kind: 'json' as const, text })) },
    { weight: 1, arbitrary: queryString(fields).map((q) => ({ kind: 'form' as const, text: q.slice(1) })) },
    { weight: 2, arbitrary: multipartArb(fields, words).map((form) => ({ kind: 'multipart' as const, form })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: 'bytes' as const, bytes })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  )

/**
 * RequestInit for a method, headers and body; the case's Content-Type may lie about the body. A
 * header value `OWNER` stands for the cookie of the client that owns the target skins.
 */
export function requestInit(api: Pick<FuzzApi, 'owner'>, method: string, headers: Record<string, string | undefined>, body: FuzzBody): RequestInit {
  const h = new Headers()
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) h.set(k, v === 'OWNER' ? api.owner : v)
  if (method === 'GET' || method === 'DELETE' || body.kind === 'none') return { method, headers: h }
  if (body.kind === 'multipart') {
    // A real multipart body; a lying Content-Type header replaces the boundary the form set.
    const init: RequestInit = { method, body: body.form }
    const probe = new Request('http://x/', init)
    if (!h.has('content-type')) h.set('content-type', probe.headers.get('content-type')!)
    return { method, headers: h, body: probe.body, duplex: 'half' } as RequestInit
  }
  if (body.kind === 'bytes') return { method, headers: h, body: body.bytes as Uint8Array<ArrayBuffer> }
  if (!h.has('content-type')) h.set('content-type', body.kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')
  return { method, headers: h, body: body.text }
}

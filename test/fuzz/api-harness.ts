/**
 * The embedded API under fuzz (issue 10 point 6): a real temp SQLite, anti-bot off (so hostile
 * bodies reach the vote and report code instead of stopping at the proof check), generous limits,
 * a local Mojang stand-in (player look-ups never leave the machine), a few real skins and a job to
 * aim ids at, and one checker for the property every answer must hold.
 * @module
 */
import { expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { startTestApi, uploadForm, type TestApi } from '../../src/api/testing/api-harness'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { paintedSkinPng } from '../support/skin-files'

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
 * Sends `req` and checks the fuzz property of the API: the handler neither throws nor reports an
 * unexpected error, the status is below 500, and every 4xx is the v2 error envelope with a
 * non-empty `errors[]` whose items carry a string `code`.
 */
export async function expectCleanAnswer(api: FuzzApi, req: Request, label: string): Promise<Response> {
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

/**
 * The API contract: calls every operation of our OpenAPI document — a success and
 * an error case each — and checks status, body and headers of every answer against the document
 * served at `/openapi.json` (`./openapi-validator`). The target is injected, so the same contract
 * runs against the embedded API in-process (test/contract/openapi-contract.test.ts) and against any
 * other deployment over HTTP (the API Worker: test/contract/http-target.ts).
 * @module
 */
import { makeSkinPng } from '../../src/api/image/fixtures'

/** What the contract needs of an API deployment. */
export interface ContractTarget {
  /** Calls a path relative to the API root. */
  call(path: string, init?: RequestInit): Promise<Response>
  /** A fresh anti-bot proof for `Turnstile-Token`. */
  proof(): Promise<string>
  /** Resolves once every queued job has finished. */
  settle(): Promise<void>
  /** An API key of a user, with the `batch_generation` grant. */
  userKey: string
  /** An API key without a user and without extra grants. */
  plainKey: string
  /** A player the profile service knows. */
  player: { name: string; uuid: string }
  /** Seed of the generated skin images (default random). */
  seed?: number
  /**
   * False where the deployment offers no job event stream (the API Worker, docs/cloudflare.md): its
   * documented 501 `events_unavailable` then stands for that operation's success and error cases.
   */
  eventStream?: boolean
}

/** One checked answer. */
export interface ContractCall {
  method: string
  template: string
  path: string
  status: number
  problems: string[]
}

/** The outcome: every call, and the operations of the document without a success or an error call. */
export interface ContractResult {
  calls: ContractCall[]
  documentProblems: string[]
  missing: string[]
}

type Check = (method: string, template: string, res: Response, text: string) => string[]

const UA = { 'user-agent': 'ContractTest/1.0' }

/** An event stream's text up to its first `ready` event (the stream is then dropped). */
async function untilReady(res: Response): Promise<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read()
    if (done) break
    text += value
  }
  await reader.cancel()
  return text
}
const BAD_KEY = { ...UA, authorization: 'Bearer short' }

/** Runs the contract against `target`; `tools` validate the served document and build the answer checker from it. */
export async function runContract(
  target: ContractTarget,
  tools: { validateDocument(doc: unknown): Promise<string[]>; createAnswerChecker(doc: any): Check },
): Promise<ContractResult> {
  const docRes = await target.call('/openapi.json')
  const doc = (await docRes.json()) as { paths: Record<string, Record<string, unknown>> }
  const documentProblems = await tools.validateDocument(doc)
  if (!/application\/json/.test(docRes.headers.get('content-type') ?? '')) documentProblems.push('openapi.json is not served as JSON')
  const check = tools.createAnswerChecker(doc)
  const calls: ContractCall[] = []
  const user = { ...UA, authorization: `Bearer ${target.userKey}` }
  const plain = { ...UA, authorization: `Bearer ${target.plainKey}` }

  /** Calls `path` as `method template`, checks the answer, expects `status`; returns the parsed JSON (if any). */
  const hit = async (method: string, template: string, path: string, status: number, init: RequestInit = {}): Promise<any> => {
    const res = await target.call(path, { ...init, method: method.toUpperCase(), headers: { ...UA, ...(init.headers as Record<string, string>) } })
    // An event stream never ends: read it up to its first `ready` event, then leave.
    const text = (res.headers.get('content-type') ?? '').startsWith('text/event-stream') ? await untilReady(res) : await res.text()
    const problems = check(method, template, res, text)
    if (res.status !== status) problems.unshift(`expected ${status}, got ${res.status}: ${text.slice(0, 300)}`)
    calls.push({ method, template, path, status: res.status, problems })
    try {
      return text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : { res, text }
    } catch {
      return null
    }
  }
  const json = (body: unknown, headers: Record<string, string> = user): RequestInit => ({ headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const upload = (seed: number, headers: Record<string, string> = user): RequestInit => {
    const form = new FormData()
    form.set('file', new File([makeSkinPng(seed)], 'contract.png', { type: 'image/png' }))
    return { headers, body: form }
  }
  const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`
  // Fresh images per run, so a run against a long-lived deployment is not all duplicates.
  const seed = target.seed ?? Math.floor(Math.random() * 1e6)

  // Generate and queue.
  const queued = await hit('post', '/v2/queue', '/v2/queue', 202, upload(seed))
  await hit('post', '/v2/queue', '/v2/queue', 415, { headers: { ...user, 'content-type': 'text/plain' }, body: 'x' })
  await target.settle()
  await hit('post', '/v2/queue', '/v2/queue', 200, upload(seed))
  const generated = await hit('post', '/v2/generate', '/v2/generate', 200, upload(seed + 1))
  await hit('post', '/v2/generate', '/v2/generate', 400, json({}))
  // `remixOf` (our extension) naming no skin: refused before anything is stored.
  await hit('post', '/v2/queue', '/v2/queue', 400, json({ url: dataUrl(seed + 8), remixOf: 'e'.repeat(32) }))
  // A `value` + `signature` (our extension) that Mojang's key does not verify: refused, nothing stored.
  await hit('post', '/v2/queue', '/v2/queue', 400, json({ value: 'e30=', signature: 'AAAA' }))
  await hit('post', '/v2/queue/batch', '/v2/queue/batch', 202, json({ batch: [{ url: dataUrl(seed + 2) }, { user: 'not a player!' }] }))
  await hit('post', '/v2/queue/batch', '/v2/queue/batch', 403, json({ batch: [{ url: dataUrl(seed + 3) }] }, plain))
  await target.settle()
  await hit('get', '/v2/queue', '/v2/queue', 200, { headers: user })
  await hit('get', '/v2/queue', '/v2/queue', 403, { headers: BAD_KEY })
  const jobId: string = queued.job.id
  const job = await hit('get', '/v2/queue/{jobId}', `/v2/queue/${jobId}`, 200)
  await hit('get', '/v2/queue/{jobId}', '/v2/queue/nope', 400)
  if (target.eventStream === false) await hit('get', '/v2/queue/events', '/v2/queue/events', 501, { headers: user })
  else {
    await hit('get', '/v2/queue/events', '/v2/queue/events', 200, { headers: user })
    await hit('get', '/v2/queue/events', '/v2/queue/events', 400, { headers: { ...user, 'last-event-id': 'not an id' } })
  }
  // The `wait` long-poll (docs/api.md) on a job just queued: the same answer shape, held until it finished.
  const fresh = await hit('post', '/v2/queue', '/v2/queue', 202, upload(seed + 7))
  await hit('get', '/v2/queue/{jobId}', `/v2/queue/${fresh.job.id}?wait=10000`, 200)
  await hit('get', '/v2/queue/{jobId}', `/v2/queue/${fresh.job.id}?wait=soon`, 400)
  await hit('get', '/v2/queue/{jobId}', `/v2/queue/${'0'.repeat(24)}`, 404)

  // Skins.
  const uuid: string = job.skin.uuid
  const unknown = 'f'.repeat(32)
  for (const p of ['/v2/skins', '/v2/skins/latest', '/v2/skins/popular', '/v2/skins/random']) {
    await hit('get', p, `${p}?size=8`, 200)
    await hit('get', p, `${p}?size=0`, 400)
  }
  const skin = await hit('get', '/v2/skins/{id}', `/v2/skins/${uuid}`, 200)
  await hit('get', '/v2/skins/{id}', `/v2/skins/${job.skin.shortId}`, 200)
  await hit('get', '/v2/skins/{id}', `/v2/skins/${uuid}`, 304, { headers: { 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() } })
  await hit('get', '/v2/skins/{id}', `/v2/skins/${unknown}`, 404)
  await hit('get', '/v2/skins/{id}', '/v2/skins/zz', 400)
  await hit('patch', '/v2/skins/{id}', `/v2/skins/${uuid}`, 200, { ...json({ name: 'Contract Skin' }), method: 'PATCH' })
  await hit('patch', '/v2/skins/{id}', `/v2/skins/${uuid}`, 400, { ...json({}), method: 'PATCH' })
  await hit('get', '/v2/skins/{id}/texture', `/v2/skins/${uuid}/texture`, 301, { redirect: 'manual' })
  await hit('get', '/v2/skins/{id}/texture', `/v2/skins/${unknown}/texture`, 404, { redirect: 'manual' })
  await hit('get', '/v2/skins/{id}/user', `/v2/skins/${uuid}/user`, 200, { headers: user })
  await hit('get', '/v2/skins/{id}/user', `/v2/skins/${uuid}/user`, 401)
  await hit('get', '/v2/skins/{id}/meta', `/v2/skins/${uuid}/meta`, 200)
  await hit('get', '/v2/skins/{id}/meta', `/v2/skins/${unknown}/meta`, 404)
  await hit('get', '/v2/skins/{id}/similar', `/v2/skins/${uuid}/similar`, 200)
  await hit('get', '/v2/skins/{id}/similar', `/v2/skins/${unknown}/similar`, 404)

  // Community.
  await hit('get', '/v2/challenge', '/v2/challenge', 200)
  await hit('get', '/v2/challenge', '/v2/challenge', 403, { headers: BAD_KEY })
  await hit('get', '/v2/skins/{id}/tags', `/v2/skins/${uuid}/tags`, 200, { headers: user })
  await hit('get', '/v2/skins/{id}/tags', `/v2/skins/${job.skin.shortId}/tags`, 400)
  const proved = async () => ({ ...user, 'turnstile-token': await target.proof() })
  await hit('post', '/v2/skins/{id}/tags', `/v2/skins/${uuid}/tags`, 200, json({ tag: 'contract', vote: 'up' }, await proved()))
  await hit('post', '/v2/skins/{id}/tags', `/v2/skins/${uuid}/tags`, 400, json({ tag: 'contract', vote: 'up' }))
  await hit('post', '/v2/skins/{id}/report', `/v2/skins/${uuid}/report`, 200, json({ reason: 'name' }, await proved()))
  await hit('post', '/v2/skins/{id}/report', `/v2/skins/${uuid}/report`, 409, json({ reason: 'name' }, await proved()))
  await hit('post', '/v2/skins/{id}/interactions/views', `/v2/skins/${uuid}/interactions/views`, 204, { headers: await proved() })
  await hit('post', '/v2/skins/{id}/interactions/views', `/v2/skins/${unknown}/interactions/views`, 404)
  await hit('post', '/v2/skins/{id}/interactions/likes', `/v2/skins/${uuid}/interactions/likes`, 204, { headers: await proved() })
  await hit('post', '/v2/skins/{id}/interactions/likes', `/v2/skins/${uuid}/interactions/likes`, 409, { headers: await proved() })

  // Delete last: the generated skin (owned by the user key), and a refusal for another caller.
  await hit('delete', '/v2/skins/{id}', `/v2/skins/${generated.skin.uuid}`, 401, { headers: plain })
  await hit('delete', '/v2/skins/{id}', `/v2/skins/${generated.skin.uuid}`, 200, { headers: user })

  // Me.
  await hit('get', '/v2/me', '/v2/me', 200, { headers: user })
  await hit('get', '/v2/me', '/v2/me', 404)
  await hit('get', '/v2/me/skins', '/v2/me/skins', 200, { headers: user })
  await hit('get', '/v2/me/skins', '/v2/me/skins', 401)
  await hit('get', '/v2/me/client', '/v2/me/client', 200, { headers: user })
  await hit('get', '/v2/me/client', '/v2/me/client', 403, { headers: BAD_KEY })
  await hit('get', '/v2/me/credits', '/v2/me/credits', 200, { headers: user })
  await hit('get', '/v2/me/credits', '/v2/me/credits', 401, { headers: plain })
  await hit('get', '/v2/me/apikey', '/v2/me/apikey', 200, { headers: user })
  await hit('get', '/v2/me/apikey', '/v2/me/apikey', 403)
  await hit('get', '/v2/me/apikeys', '/v2/me/apikeys', 200, { headers: user })
  await hit('get', '/v2/me/apikeys', '/v2/me/apikeys', 401, { headers: plain })
  await hit('get', '/v2/me/legacyskins', '/v2/me/legacyskins', 200, { headers: user })
  await hit('get', '/v2/me/legacyskins', '/v2/me/legacyskins', 401)
  await hit('get', '/v2/usage', '/v2/usage', 200, { headers: user })
  await hit('get', '/v2/usage', '/v2/usage', 401, { headers: plain })
  await hit('get', '/v2/delay', '/v2/delay', 200, { headers: user })
  await hit('get', '/v2/delay', '/v2/delay', 403, { headers: BAD_KEY })

  // Misc.
  for (const p of ['/v2/capes', '/v2/stats', '/random-name', '/authlib-injector', '/v2/signing-key']) {
    await hit('get', p, p, 200)
    await hit('get', p, p, 403, { headers: BAD_KEY })
  }
  const stats = await hit('get', '/v2/stats', '/v2/stats', 200)
  const rate = stats.stats.generated.time.day.successRate as number
  if (!(rate >= 0 && rate <= 100 && Number(rate.toFixed(1)) === rate)) calls.push({ method: 'get', template: '/v2/stats', path: '/v2/stats', status: 200, problems: [`successRate ${rate} is not a percentage with one decimal`] })
  await hit('get', '/v2/signing-key', '/v2/signing-key?format=json', 200)
  await hit('get', '/random-name', `/random-name?seed=${uuid}`, 200)
  await hit('get', '/validate/name/{name}', `/validate/name/${target.player.name}`, 200)
  await hit('get', '/validate/name/{name}', '/validate/name/NoSuchPlayer_1', 404)
  await hit('get', '/validate/name/{name}', `/validate/name/${'x'.repeat(17)}`, 400)
  await hit('get', '/validate/uuid/{uuid}', `/validate/uuid/${target.player.uuid}`, 200)
  await hit('get', '/validate/uuid/{uuid}', '/validate/uuid/123', 400)
  // The editor's import (our extension): a player's skin as PNG bytes; a bad name, an unknown player.
  await hit('get', '/v2/editor/import', `/v2/editor/import?user=${target.player.name}`, 200)
  await hit('get', '/v2/editor/import', '/v2/editor/import?user=not%20a%20player!', 400)
  await hit('get', '/v2/editor/import', '/v2/editor/import?user=NoSuchPlayer_1', 404)

  // Files.
  const imageHash = String(queued.links.image).split('/').pop()!
  const image = await hit('get', '/v2/images/{hash}', `/v2/images/${imageHash}`, 200)
  await hit('get', '/v2/images/{hash}', `/v2/images/${imageHash}`, 304, { headers: { 'if-none-match': image.res.headers.get('etag') } })
  await hit('get', '/v2/images/{hash}', '/v2/images/zz', 400)
  await hit('get', '/v2/images/{hash}', `/v2/images/${'0'.repeat(64)}`, 404)
  const textureHash: string = skin.skin.texture.hash.skin
  await hit('get', '/textures/{hash}', `/textures/${textureHash}?attachment`, 200)
  await hit('get', '/textures/{hash}', `/textures/${textureHash}`, 304, { headers: { 'if-none-match': `"${textureHash.padStart(64, '0')}"` } })
  await hit('get', '/textures/{hash}', `/textures/${'0'.repeat(64)}`, 404)

  // Legacy v1 (reference/mineskin-api.md §7): the forms old plugins send, errors in the v1 shape.
  const form = (fields: Record<string, string>) => ({ headers: { ...user, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
  const v1 = await hit('post', '/generate/upload', '/generate/upload', 200, upload(seed + 4))
  await hit('post', '/generate/upload', '/generate/upload', 400, json({ name: 'no file' }))
  await hit('post', '/generate/url', '/generate/url', 200, json({ url: dataUrl(seed + 5), visibility: 0, variant: 'CLASSIC' }))
  await hit('post', '/generate/url', `/generate/url?url=${encodeURIComponent(dataUrl(seed + 6).slice(0, 40))}`, 400, { headers: user })
  await hit('post', '/generate/user', '/generate/user', 200, form({ uuid: target.player.uuid, model: 'steve' }))
  await hit('post', '/generate/user', '/generate/user', 400, json({}))
  await hit('get', '/generate/user/{uuid}', `/generate/user/${target.player.uuid}?visibility=1`, 200, { headers: user })
  await hit('get', '/generate/user/{uuid}', '/generate/user/not a player!', 400, { headers: user })
  await hit('get', '/get/delay', `/get/delay?key=${target.userKey}`, 200)
  await hit('get', '/get/delay', '/get/delay?key=short', 403)
  await hit('get', '/get/stats', '/get/stats', 200)
  await hit('get', '/get/stats', '/get/stats', 403, { headers: BAD_KEY })
  await hit('get', '/get/id/{id}', `/get/id/${v1.id}`, 200)
  await hit('get', '/get/id/{id}', '/get/id/abc', 400)
  await hit('get', '/get/id/{id}', '/get/id/999999999', 404)
  await hit('get', '/get/uuid/{uuid}', `/get/uuid/${v1.uuid}`, 200)
  await hit('get', '/get/uuid/{uuid}', '/get/uuid/123', 400)
  await hit('get', '/get/uuid/{uuid}', `/get/uuid/${unknown}`, 404)
  const value = encodeURIComponent(v1.data.texture.value)
  await hit('get', '/get/forTexture/{value}', `/get/forTexture/${value}`, 200)
  await hit('get', '/get/forTexture/{value}', '/get/forTexture/bm90IGEgdmFsdWU', 404)
  await hit('get', '/get/forTexture/{value}/{signature}', `/get/forTexture/${value}/${encodeURIComponent(v1.data.texture.signature)}`, 200)
  await hit('get', '/get/forTexture/{value}/{signature}', `/get/forTexture/${value}/c2lnbmF0dXJl`, 404)
  await hit('get', '/get/list', '/get/list?size=4', 200)
  await hit('get', '/get/list', '/get/list', 403, { headers: BAD_KEY })
  await hit('get', '/get/list/{pageOrAnchor}', '/get/list/2?size=2', 200)
  await hit('get', '/get/list/{pageOrAnchor}', '/get/list/start?size=2', 200)
  await hit('get', '/get/list/{pageOrAnchor}', `/get/list/${unknown}`, 404)
  await hit('get', '/get/random', '/get/random', 200)
  await hit('get', '/get/random', '/get/random', 403, { headers: BAD_KEY })

  // Coverage: every documented operation had a success (2xx/3xx) and an error (4xx) answer.
  const missing: string[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      const mine = calls.filter((c) => c.method === method && c.template === path)
      if (target.eventStream === false && path === '/v2/queue/events' && mine.some((c) => c.status === 501)) continue
      if (!mine.some((c) => c.status < 400)) missing.push(`${method.toUpperCase()} ${path}: no success case`)
      if (!mine.some((c) => c.status >= 400 && c.status < 500)) missing.push(`${method.toUpperCase()} ${path}: no error case`)
    }
  }
  return { calls, documentProblems, missing }
}

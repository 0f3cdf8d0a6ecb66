/**
 * Fuzzing the legacy v1 API (reference/mineskin-api.md §7; src/api/legacy) through
 * the app's own fetch over a real SQLite, as test/fuzz/api.test.ts does for v2: hostile path params
 * (ids of every length, base64-ish texture values with `/`, `+`, `%2F`), query strings (`key`, `size`,
 * `filter`, `timeout`), JSON / urlencoded / multipart bodies (mutated PNGs, two files, visibility as
 * number or string, variant and model in any case), lying content types, key garbage in the header
 * and in `?key=`, and the path spelled in any case with doubled slashes.
 * Property: no 5xx, nothing thrown; every 4xx is a v1 error with a non-empty `errorCode` (or the
 * documented 404 of an unknown `/get/list/{anchor}`); every 2xx parses with the route's v1 schema and
 * holds no `error` outside the skin names the caller chose (Taterzens takes any body containing
 * `error` for a failure); lists never show an unlisted or private skin, and only the owner's key
 * reads a private one.
 * Cases per property: bounded here, thousands under `bun run bench fuzz` (FUZZ_RUNS).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { getPath } from 'hono/utils/url'
import type { z } from 'zod'
import { isLegacyPath } from '../../src/api/legacy'
import { legacyName, legacyVariant, legacyVisibility } from '../../src/api/legacy/v1-request'
import { apiKeyWith, uploadForm } from '../../src/api/testing/api-harness'
import {
  v1AnchorListResponseSchema,
  v1DelayResponseSchema,
  v1GenerateResponseSchema,
  v1PageListResponseSchema,
  v1SkinResponseSchema,
  v1StatsResponseSchema,
  type V1GenerateResponse,
} from '../../src/shared/schemas/api'
import { paintedSkinPng } from '../support/skin-files'
import { bodyArb, buildRequest, expectV1Error, headersArb, multipartArb, requestInit, sendFuzzCase, startFuzzApi, type FuzzApi } from './api-harness'
import { authorizationHeader, idLike, localUrl, nastyString, queryString, urlPart } from './arbitraries'
import { mutatedPng } from './png-arbitraries'
import { checkAsync, fuzzTimeout } from './runs'

/** Every route of src/api/legacy/*.ts; `{…}` are filled by the fuzzer. */
const ENDPOINTS = [
  ['POST', '/generate/url'],
  ['POST', '/generate/upload'],
  ['POST', '/generate/user'],
  ['GET', '/generate/user/{uuid}'],
  ['GET', '/get/delay'],
  ['GET', '/get/stats'],
  ['GET', '/get/stats/{details}'],
  ['GET', '/get/id/{id}'],
  ['GET', '/get/uuid/{uuid}'],
  ['GET', '/get/forTexture/{value}'],
  ['GET', '/get/forTexture/{value}/{signature}'],
  ['GET', '/get/list'],
  ['GET', '/get/list/{param}'],
  ['GET', '/get/random'],
] as const

/** Field names the v1 bodies and queries read. */
const FIELDS = ['url', 'uuid', 'user', 'name', 'visibility', 'variant', 'model', 'cape', 'checkOnly', 'file'] as const
const QUERY_KEYS = ['key', 'size', 'filter', 'timeout', 'checkOnly', 'visibility', 'variant', 'model', 'name', 'url', 'uuid'] as const
/** The option fields whose effect on a new skin is checked. */
const OPTION_KEYS = ['name', 'visibility', 'variant', 'model'] as const
/** Option words as v1 clients spell them, for multipart values. */
const WORDS = ['0', '1', '2', 'public', 'unlisted', 'private', 'true', 'SLIM', 'CLASSIC', 'steve', 'alex', 'Alex', 'default', 'slim', 'classic', 'unknown'] as const

let api: FuzzApi
/** An API key (its grants include `private_skins`), sent as header or `?key=`. */
let ownerKey = ''
/** Integer ids, uuids and signed values of the target skins. */
const target = { publicId: 0, unlistedId: 0, privateId: 0, publicUuid: '', unlistedUuid: '', privateUuid: '', value: '', signature: '', privateValue: '' }

beforeAll(async () => {
  api = await startFuzzApi()
  ownerKey = (await apiKeyWith(api.t, {})).authorization.slice('Bearer '.length)
  const read = async (uuid: string) => v1SkinResponseSchema.parse((await api.t.json(`/get/uuid/${uuid}`)).body)
  const [pub, unlisted] = [await read(api.skins[0]!.uuid), await read(api.skins[1]!.uuid)]
  const made = await api.t.json('/generate/upload', { method: 'POST', body: uploadForm(paintedSkinPng(77), { name: 'Fuzz private', visibility: '2' }), headers: { authorization: `Bearer ${ownerKey}` } })
  const priv = v1GenerateResponseSchema.parse(made.body)
  Object.assign(target, {
    publicId: pub.id,
    unlistedId: unlisted.id,
    privateId: priv.id,
    publicUuid: pub.uuid,
    unlistedUuid: unlisted.uuid,
    privateUuid: priv.uuid,
    value: pub.data.texture.value,
    signature: pub.data.texture.signature,
    privateValue: priv.data.texture.value,
  })
}, 60_000)
afterAll(() => api?.close())

const dashed = (uuid: string) => uuid.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')

/** The target uuids in the spellings clients use, and hostile ones. */
const uuidArb = () => {
  const real = fc.constantFrom(...[target.publicUuid, target.unlistedUuid, target.privateUuid].flatMap((u) => [u, dashed(u), u.toUpperCase(), dashed(u).toUpperCase()]))
  return fc.oneof(real, idLike, fc.stringMatching(/^[0-9a-f-]{30,38}$/))
}

/** Integer ids: the real ones, and every length, sign and notation. */
const idArb = () =>
  fc.oneof(
    fc.constantFrom(target.publicId, target.unlistedId, target.privateId).map(String),
    fc.stringMatching(/^\d{0,40}$/),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '+1', ' 1', '9007199254740993', '999999999999999', '1'.repeat(16)),
    uuidArb(),
    urlPart,
  )

/** base64 of a textures JSON naming a random or real texture URL, the way `forTexture` values look. */
const texturesValue = fc
  .tuple(fc.oneof(fc.constant('http://textures.minecraft.net/texture/'), fc.constant('http://ssg.test/textures/'), nastyString), fc.stringMatching(/^[0-9a-f]{0,66}$/), fc.boolean())
  .map(([base, hash, url]) => Buffer.from(JSON.stringify({ timestamp: 1, profileId: 'f'.repeat(32), textures: url ? { SKIN: { url: base + hash } } : {} })).toString('base64'))

/** Texture values and signatures: real (raw — a `/` splits the path, a `+` stays literal —, percent-encoded, `/` as `%2F`, `+` as `%2B`), cut, spliced, forged, hostile. */
const base64ish = () => {
  const real = fc.constantFrom(target.value, target.signature, target.privateValue)
  return fc.oneof(
    real.map(encodeURIComponent),
    real.map((v) => v.replaceAll('/', '%2F')),
    real.map((v) => v.replaceAll('+', '%2B')),
    real,
    fc.tuple(real, fc.nat()).map(([v, n]) => encodeURIComponent(v.slice(0, n % (v.length + 1)))),
    fc.tuple(real, fc.nat(), fc.constantFrom('/', '+', '%2F', '%', '=', '-', '_')).map(([v, n, ch]) => v.slice(0, n % v.length) + ch + v.slice(n % v.length)),
    texturesValue.map(encodeURIComponent),
    fc.stringMatching(/^[A-Za-z0-9+/=]{0,200}$/),
    urlPart,
    fc.nat({ max: 20_000 }).map((n) => 'A'.repeat(n)),
  )
}

/** `{param}` of `/get/list/{param}`: page numbers, `start` in any case, anchors real and not. */
const listParamArb = () => fc.oneof(fc.stringMatching(/^\d{1,25}$/), fc.constantFrom('start', 'START', 'Start', '0', '-1', '2.5', 'ab'.repeat(16)), uuidArb(), urlPart)

/** Query pairs v1 clients send (`key`, `size`, `filter`, `timeout`), with odd values (`size=2.5`, `1e9`, `abc`) and garbage. */
const v1Query = () =>
  fc
    .record(
      {
        key: fc.oneof({ weight: 3, arbitrary: fc.constant('OWNER_KEY') }, fc.constantFrom('short', '', 'a'.repeat(64), '%00', 'OWNER_KEY%00'), urlPart),
        size: fc.oneof(fc.constantFrom('2.5', '-1', '0', '1e9', 'abc', '16', '513', ' 2', '0x10', 'Infinity'), urlPart),
        filter: fc.oneof(urlPart, fc.constantFrom('"', 'AND', 'OR NOT', '*', 'Fuzz', 'Fuzz target', '"Fuzz', 'NEAR(a b)', '^x', 'x:y')),
        timeout: fc.constantFrom('1', '0', '-5', 'abc', '1e9', '2.5', '30', ''),
      },
      { requiredKeys: [] },
    )
    .map((q) => Object.entries(q).map(([k, v]) => `${k}=${v.replace('OWNER_KEY', ownerKey)}`))

/** A full query: v1 pairs and random ones, shuffled by concatenation order. */
const queryArb = () => fc.tuple(v1Query(), queryString(QUERY_KEYS), fc.boolean()).map(([pairs, rest, first]) => {
  const all = first ? [...pairs, rest.slice(1)] : [rest.slice(1), ...pairs]
  const q = all.filter(Boolean).join('&')
  return q ? `?${q}` : ''
})

/** How a path is spelled: case per letter of the static segments, doubled slashes, a trailing slash. */
const spellingArb = fc.record({ upper: fc.array(fc.boolean(), { maxLength: 24 }), doubled: fc.array(fc.boolean(), { maxLength: 6 }), trailing: fc.boolean(), plain: fc.boolean() })
type Spelling = { upper: boolean[]; doubled: boolean[]; trailing: boolean; plain: boolean }

/** `template` spelled as `s` says (static segments only; params keep their text), then filled. */
function spell(template: string, s: Spelling, fill: (name: string) => string): string {
  if (s.plain) return template.replace(/\{(\w+)\}/g, (_, name: string) => fill(name))
  let letter = 0
  const segments = template
    .split('/')
    .slice(1)
    .map((seg) => {
      const param = /^\{(\w+)\}$/.exec(seg)
      if (param) return fill(param[1]!)
      return [...seg].map((ch) => (s.upper[letter++ % Math.max(1, s.upper.length)] ? ch.toUpperCase() : ch.toLowerCase())).join('')
    })
  return segments.map((seg, i) => (s.doubled[i] ? '//' : '/') + seg).join('') + (s.trailing ? '/' : '')
}

/** The v1 route a request path reaches, as the app reads it (percent-decoded, any case, slashes collapsed). */
function routeOf(req: Request): { area: string; route: string; param: string | undefined } {
  const segs = getPath(req).split('/').filter(Boolean)
  return { area: segs[0]?.toLowerCase() ?? '', route: segs[1]?.toLowerCase() ?? '', param: segs[2] }
}

/** The success schema of the route `req` reaches, or null when that is no v1 route. */
function successSchema(req: Request): z.ZodType | null {
  const { area, route, param } = routeOf(req)
  if (area === 'generate') return v1GenerateResponseSchema
  if (area !== 'get') return null
  if (route === 'delay') return v1DelayResponseSchema
  if (route === 'stats') return v1StatsResponseSchema
  if (route === 'list') return param === undefined || /^\d+$/.test(param) ? v1PageListResponseSchema : v1AnchorListResponseSchema
  return v1SkinResponseSchema
}

/** The body without the texts the caller chose (skin names, the echoed filter): what must hold no `error`. */
function withoutCallerText(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutCallerText)
  if (!body || typeof body !== 'object') return body
  return Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (k === 'name' || k === 'filter' ? [] : [[k, withoutCallerText(v)]])))
}

/** Whether `req` carries the owner's key (header or `?key=`, the query winning as on MineSkin). */
function sentOwnerKey(req: Request): boolean {
  const query = new URL(req.url).searchParams.get('key')
  if (query) return query === ownerKey
  return req.headers.get('authorization') === `Bearer ${ownerKey}`
}

/**
 * Sends `req` and checks the v1 fuzz property (module comment); returns the parsed 2xx body, if any.
 */
async function expectCleanV1Answer(req: Request, label: string): Promise<{ status: number; body: unknown }> {
  const { res, text } = await sendFuzzCase(api, req, label)
  if (req.method === 'HEAD') return { status: res.status, body: null }
  if (req.method !== 'OPTIONS') expect(res.headers.get('mineskin-api-version'), `${label}: MineSkin-Api-Version`).toBe('v1')
  if (res.status >= 400) {
    expectV1Error(req, res.status, text, label)
    return { status: res.status, body: null }
  }
  const schema = successSchema(req)
  if (!schema || res.status === 204 || !text) return { status: res.status, body: null }
  const parsed = schema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${label}: ${res.status} does not match its v1 schema: ${text.slice(0, 400)}\n${parsed.error.message}`)
  const rest = JSON.stringify(withoutCallerText(parsed.data))
  if (/error/i.test(rest)) throw new Error(`${label}: a ${res.status} body says "error": ${rest.slice(0, 400)}`)
  // Visibility: lists show public skins only; a private skin is answered to its owner's key only.
  const listed = (parsed.data as { skins?: { uuid: string }[] }).skins
  if (listed) {
    for (const uuid of [target.unlistedUuid, target.privateUuid]) expect(listed.map((s) => s.uuid), `${label}: list shows ${uuid}`).not.toContain(uuid)
  } else if ((parsed.data as { uuid?: string }).uuid === target.privateUuid && routeOf(req).area === 'get') {
    expect(sentOwnerKey(req), `${label}: private skin answered without its owner's key`).toBe(true)
  }
  return { status: res.status, body: parsed.data }
}

/** Authorization: none, the owner's key, or garbage. */
const authArb = () =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constant('OWNER_KEY') }, { weight: 2, arbitrary: authorizationHeader })

describe('fuzz: v1 API', () => {
  test('known odd inputs (case, slashes, sizes, keys) answer cleanly', async () => {
    const cases: [string, RequestInit?][] = [
      ['/Generate//URL', { method: 'POST' }],
      ['//get/uuid/x'],
      ['//GET//UUID//' + 'f'.repeat(32) + '/'],
      [`/get/id/${'9'.repeat(40)}`],
      ['/get/list?size=2.5'],
      ['/get/list?size=1e9&filter=%22'],
      ['/get/list/start?size=-1&filter=OR'],
      ['/get/list/%00'],
      ['/get/stats/%2F'],
      ['/get/forTexture/a%2Fb/c+d'],
      [`/get/forTexture/${'A'.repeat(20_000)}`],
      ['/get/delay?key=short'],
      ['/get/delay?key='],
      ['/generate/user/%00', { method: 'GET' }],
      ['/generate/upload?timeout=abc', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }],
      ['/generate/url?url=http://127.0.0.1:9/x.png&timeout=1', { method: 'POST' }],
      ['/generate/nope', { method: 'POST' }],
      // Padding `atob` refuses though the base64 pattern admits it (was a 500 in src/api/fetch/data-url.ts).
      ['/generate/url', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'data:image/png;base64,/=' }) }],
      ['/generate/url', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'data:image/png;base64,AB=' }) }],
    ]
    for (const [path, init] of cases) {
      const req = buildRequest(path, init ?? {})!
      await expectCleanV1Answer(req, `${init?.method ?? 'GET'} ${path.slice(0, 80)}`)
    }
  })

  test(
    'every v1 route: hostile path params, queries, keys, headers and bodies, any path spelling',
    async () => {
      await checkAsync(
        250,
        fc.constantFrom(...ENDPOINTS),
        fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') }),
        spellingArb,
        fc.record({ id: idArb(), uuid: uuidArb(), value: base64ish(), signature: base64ish(), param: listParamArb(), details: urlPart }),
        queryArb(),
        authArb(),
        headersArb(),
        bodyArb(FIELDS, WORDS),
        async ([routeMethod, template], otherMethod, spelling, params, query, auth, headers, body) => {
          const method = otherMethod ?? routeMethod
          const path = spell(template, spelling, (name) => params[name as keyof typeof params]) + query
          const req = buildRequest(path, requestInit(api, method, { ...headers, authorization: auth === 'OWNER_KEY' ? `Bearer ${ownerKey}` : (auth ?? headers.authorization) }, body))
          if (!req) return
          await expectCleanV1Answer(req, `${method} ${path.slice(0, 200)} auth=${String(auth).slice(0, 40)} ${JSON.stringify(headers).slice(0, 200)} body=${body.kind}`)
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'reads: real and forged ids, uuids and texture values; private skins only to the owner, lists only public',
    async () => {
      await checkAsync(
        300,
        fc.constantFrom('/get/id/{id}', '/get/uuid/{uuid}', '/get/forTexture/{value}', '/get/forTexture/{value}/{signature}', '/get/list/{param}', '/get/list', '/get/random'),
        spellingArb,
        fc.record({ id: idArb(), uuid: uuidArb(), value: base64ish(), signature: base64ish(), param: listParamArb() }),
        queryArb(),
        authArb(),
        async (template, spelling, params, query, auth) => {
          const path = spell(template, spelling, (name) => params[name as keyof typeof params]) + query
          const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth === 'OWNER_KEY' ? `Bearer ${ownerKey}` : auth }
          const req = buildRequest(path, { headers })
          if (req) await expectCleanV1Answer(req, `GET ${path.slice(0, 300)} auth=${String(auth).slice(0, 40)}`)
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'generate: v1 option forms (JSON, urlencoded, multipart, query) with valid, mutated and local inputs',
    async () => {
      const visibility = fc.oneof(fc.constantFrom<unknown>(0, 1, 2, '0', '1', '2', ' 1 ', 'unlisted', 'private', 'public', 'true', 1.5, -1, null, true), nastyString)
      const variant = fc.oneof(fc.constantFrom<unknown>('SLIM', 'CLASSIC', 'steve', 'alex', 'Alex', 'default', 'slim', 'classic', 'unknown', ' slim ', 1, null), nastyString)
      // `checkOnly` now and then: a truthy one ends most cases at 400 `no_duplicate`.
      const checkOnly = fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, 'true', 1, '0', 'yes') })
      const options = fc
        .tuple(fc.record({ name: nastyString, visibility, variant, model: variant }, { requiredKeys: [] }), checkOnly)
        .map(([o, check]) => (check === undefined ? o : { ...o, checkOnly: check }))
      const input = fc.oneof(
        fc.record({ route: fc.constant('url' as const), url: fc.oneof(fc.integer({ min: 1000, max: 1_000_000 }).map((n) => `data:image/png;base64,${Buffer.from(paintedSkinPng(n)).toString('base64')}`), localUrl, nastyString) }),
        fc.record({
          route: fc.constant('upload' as const),
          file: fc.oneof(fc.integer({ min: 1000, max: 1_000_000 }).map((n) => paintedSkinPng(n)), mutatedPng(), fc.uint8Array({ maxLength: 200 })),
          // Now and then a second file (400 `invalid_file`) or random extra fields (with a file of their own, most of the time).
          twoFiles: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
          extra: fc.oneof({ weight: 4, arbitrary: fc.constant(new FormData()) }, { weight: 1, arbitrary: multipartArb(FIELDS, WORDS) }),
        }),
        fc.record({ route: fc.constant('user' as const), user: fc.oneof(fc.constantFrom('Notch', 'notch', 'NOTCH'), idLike, nastyString) }),
        // In the path: names and ids as they go in a URL (idLike's hostile part is percent-encoded already).
        fc.record({ route: fc.constant('userGet' as const), user: fc.oneof(fc.constantFrom('Notch', 'notch', 'NOTCH'), idLike) }),
      )
      await checkAsync(
        200,
        input,
        options,
        fc.constantFrom('json', 'form', 'multipart', 'query'),
        fc.oneof(fc.constant(undefined), fc.constant('OWNER_KEY'), fc.constant('QUERY_KEY'), authorizationHeader),
        spellingArb,
        fc.constantFrom('', 'timeout=1', 'timeout=abc', 'timeout=-1', 'timeout=1e9'),
        async (inp, opts, place, auth, spelling, timeout) => {
          // Each case a second later: the key's per-minute limit keeps letting cases through.
          api.t.clock.now += 1000
          const fields: Record<string, unknown> = { ...opts }
          if (inp.route === 'url') fields.url = inp.url
          if (inp.route === 'user') fields.uuid = inp.user
          const where = inp.route === 'upload' ? (place === 'query' ? 'query' : 'multipart') : place
          const query = new URLSearchParams(timeout)
          if (auth === 'QUERY_KEY') query.set('key', ownerKey)
          const headers: Record<string, string> = auth === undefined || auth === 'QUERY_KEY' ? {} : { authorization: auth === 'OWNER_KEY' ? `Bearer ${ownerKey}` : auth }
          let init: RequestInit = { method: inp.route === 'userGet' ? 'GET' : 'POST', headers }
          const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
          if (where === 'query' || inp.route === 'userGet') for (const [k, v] of Object.entries(fields)) query.append(k, text(v))
          else if (where === 'json') init = { ...init, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(fields) }
          else if (where === 'form') init = { ...init, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)])).toString() }
          // An upload's random extra fields come first in the body; they shadow the options sent in the query.
          const shadowed = inp.route === 'upload' && OPTION_KEYS.some((k) => inp.extra.has(k) && !(where === 'multipart' && k in fields))
          if (inp.route === 'upload' || (where === 'multipart' && inp.route !== 'userGet')) {
            const form = new FormData()
            if (inp.route === 'upload') for (const [k, v] of inp.extra) form.append(k, v)
            for (const [k, v] of Object.entries(where === 'multipart' ? fields : {})) form.set(k, text(v))
            if (inp.route === 'upload') {
              form.set('file', new File([inp.file as Uint8Array<ArrayBuffer>], 'skin.png', { type: 'image/png' }))
              if (inp.twoFiles) form.append('file', new File([paintedSkinPng(5)], 'second.png', { type: 'image/png' }))
            }
            init = { ...init, body: form }
          }
          const template = inp.route === 'userGet' ? '/generate/user/{uuid}' : `/generate/${inp.route}`
          const path = spell(template, spelling, () => (inp.route === 'userGet' ? inp.user : '')) + (query.size ? `?${query}` : '')
          const req = buildRequest(path, init)
          if (!req) return
          const label = `${init.method} ${path.slice(0, 200)} ${where} ${JSON.stringify(fields).slice(0, 300)}`
          const { status, body } = await expectCleanV1Answer(req, label)
          if (status !== 200 || !body) return
          // A new skin takes the options the way MineSkin's v1 reads them (src/api/legacy/v1-request.ts).
          const skin = body as V1GenerateResponse
          if (skin.duplicate || shadowed) return
          const sent = (k: string): string | undefined => {
            const v = fields[k]
            if (v === undefined || v === '' || (v === null && where === 'json')) return undefined
            return text(v) === '' ? undefined : text(v)
          }
          const wanted = legacyVariant(sent('variant')) !== 'unknown' ? legacyVariant(sent('variant')) : legacyVariant(sent('model'))
          if (inp.route !== 'user' && inp.route !== 'userGet' && wanted !== 'unknown') expect(skin.variant, label).toBe(wanted)
          expect(skin.private, label).toBe(legacyVisibility(sent('visibility')) !== 'public')
          // legacyName trims before it strips, so a stripped character can leave an edge space; the stored name is trimmed.
          expect(skin.name, label).toBe((legacyName(sent('name')) ?? '').trim())
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'random paths under /get and /generate, any method and spelling, never give a 5xx',
    async () => {
      const segment = fc.oneof(urlPart, fc.constantFrom('get', 'GET', 'generate', 'Generate', 'list', 'uuid', 'id', 'forTexture', 'fortexture', 'stats', 'delay', 'random', 'url', 'upload', 'user', 'start'))
      await checkAsync(
        200,
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'),
        fc.constantFrom('get', 'generate', 'Get', 'GENERATE'),
        fc.array(segment, { minLength: 0, maxLength: 5 }),
        fc.constantFrom('/', '//', '/./', '/../'),
        queryArb(),
        async (method, root, segments, sep, query) => {
          const path = `/${[root, ...segments].join(sep)}${query}`
          const req = buildRequest(path, { method })
          if (!req) return
          // `/../` may climb out of the v1 area; only what still is a v1 path is checked here (api.test.ts covers the rest).
          if (!isLegacyPath(getPath(req))) return
          await expectCleanV1Answer(req, `${method} ${path.slice(0, 300)}`)
        },
      )
    },
    fuzzTimeout(),
  )
})

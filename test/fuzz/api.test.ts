/**
 * Fuzzing every endpoint of the embedded API through the app's own fetch
 * over a real SQLite: hostile paths, ids, query strings, JSON, urlencoded and multipart bodies,
 * Authorization and Cookie garbage and lying content types. Property: no 5xx, nothing thrown, and
 * every 4xx is the v2 envelope with a non-empty `errors[]` of string codes.
 * Cases per property: bounded here, thousands under `bun run bench fuzz` (FUZZ_RUNS).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { bodyArb, buildRequest, expectCleanAnswer, headersArb, requestInit, startFuzzApi, type FuzzApi } from './api-harness'
import { idLike, jsonText, localUrl, nastyString, queryString, urlPart } from './arbitraries'
import { checkAsync, fuzzTimeout } from './runs'

/** Every route of src/api/routes/*.ts; `{id}` etc. are filled by the fuzzer. */
const ENDPOINTS = [
  ['GET', '/v2/skins'],
  ['GET', '/v2/skins/latest'],
  ['GET', '/v2/skins/popular'],
  ['GET', '/v2/skins/random'],
  ['GET', '/v2/skins/{id}'],
  ['PATCH', '/v2/skins/{id}'],
  ['DELETE', '/v2/skins/{id}'],
  ['GET', '/v2/skins/{id}/texture'],
  ['GET', '/v2/skins/{id}/user'],
  ['GET', '/v2/skins/{id}/meta'],
  ['GET', '/v2/skins/{id}/similar'],
  ['GET', '/v2/skins/{id}/tags'],
  ['POST', '/v2/skins/{id}/tags'],
  ['POST', '/v2/skins/{id}/report'],
  ['POST', '/v2/skins/{id}/interactions/views'],
  ['POST', '/v2/skins/{id}/interactions/likes'],
  ['POST', '/v2/queue'],
  ['POST', '/v2/generate'],
  ['GET', '/v2/queue'],
  ['GET', '/v2/queue/{job}'],
  ['GET', '/v2/challenge'],
  ['GET', '/v2/me'],
  ['GET', '/v2/me/skins'],
  ['GET', '/v2/me/client'],
  ['GET', '/v2/me/credits'],
  ['GET', '/v2/me/apikey'],
  ['GET', '/v2/delay'],
  ['GET', '/v2/capes'],
  ['GET', '/v2/stats'],
  ['GET', '/validate/name/{name}'],
  ['GET', '/validate/uuid/{uuid}'],
  ['GET', '/v2/editor/import'],
  ['GET', '/random-name'],
  ['GET', '/v2/signing-key'],
  ['GET', '/authlib-injector'],
  ['GET', '/v2/images/{hash}'],
  ['GET', '/textures/{hash}'],
] as const

/** Field names the bodies and queries of those routes read. */
const FIELDS = ['url', 'user', 'name', 'visibility', 'variant', 'cape', 'checkOnly', 'remixOf', 'tag', 'vote', 'reason', 'file'] as const
const QUERY_KEYS = ['after', 'before', 'size', 'filter', 'timeout', 'checkOnly', 'seed', 'format', 'attachment', 'page', 'user', 'url'] as const

let api: FuzzApi

beforeAll(async () => {
  api = await startFuzzApi()
}, 60_000)
afterAll(() => api?.close())

/** Real ids mixed with hostile ones, so the fuzzer reaches the code behind the lookups too. */
const realId = () => fc.constantFrom(...api.skins.flatMap((s) => [s.uuid, s.shortId, s.uuid.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')]))
const anyId = () => fc.oneof(realId(), idLike)
const hashLike = () => fc.oneof(fc.constantFrom(api.imageHash, api.skins[0]!.texture, `${api.skins[0]!.texture}.png`, api.skins[0]!.texture.slice(1)), fc.stringMatching(/^[0-9a-fA-F]{60,66}$/), urlPart)

function fillPath(template: string, ids: { id: string; hash: string; job: string; name: string }): string {
  return template.replace('{id}', ids.id).replace('{uuid}', ids.id).replace('{hash}', ids.hash).replace('{job}', ids.job).replace('{name}', ids.name)
}

describe('fuzz: API endpoints', () => {
  test('known bad inputs (bad cursors, NUL bytes, over-long paths, regressions the fuzzer found) get a 4xx with an error code', async () => {
    const cases = ['/v2/skins?after=x', '/v2/skins?before=%00', '/v2/skins/%00', `/${'a'.repeat(5000)}`, '/validate/uuid/123', `/validate/name/${'x'.repeat(17)}`, '/v2/queue/%00', '/textures/%00']
    for (const path of cases) {
      const res = await expectCleanAnswer(api, buildRequest(path, {})!, path.slice(0, 60))
      expect(res.status, path.slice(0, 60)).toBeGreaterThanOrEqual(400)
    }
  })

  test(
    'every endpoint: hostile ids, queries, headers and bodies never give a 5xx, and 4xx carry errors[] codes',
    async () => {
      await checkAsync(
        300,
        fc.constantFrom(...ENDPOINTS),
        fc.record({ id: anyId(), hash: hashLike(), job: fc.oneof(fc.constant(api.jobId), idLike), name: fc.oneof(fc.constant('Notch'), urlPart) }),
        queryString(QUERY_KEYS),
        headersArb(),
        bodyArb(FIELDS),
        async ([method, template], ids, query, headers, body) => {
          const path = fillPath(template, ids) + query
          const req = buildRequest(path, requestInit(api, method, headers, body))
          if (!req) return
          await expectCleanAnswer(api, req, `${method} ${path.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)} body=${body.kind}`)
          if (method === 'PATCH' || method === 'DELETE') api.restore()
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'lists: random cursors (after/before), size and filter never give a 5xx',
    async () => {
      await checkAsync(
        300,
        fc.constantFrom('/v2/skins', '/v2/skins/latest', '/v2/skins/popular', '/v2/skins/random', '/v2/me/skins'),
        fc.record(
          {
            after: fc.oneof(anyId(), urlPart),
            before: fc.oneof(anyId(), urlPart),
            size: fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), urlPart, fc.constantFrom('1e2', '0x10', '16.5', ' 16', '')),
            filter: fc.oneof(urlPart, fc.stringMatching(/^[a-zA-Z0-9 _-]{0,40}$/).map(encodeURIComponent)),
          },
          { requiredKeys: [] },
        ),
        async (path, q) => {
          const query = Object.entries(q)
            .map(([k, v]) => `${k}=${v}`)
            .join('&')
          const req = buildRequest(`${path}?${query}`, { headers: { cookie: api.owner } })
          if (req) await expectCleanAnswer(api, req, `GET ${path}?${query.slice(0, 300)}`)
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'write endpoints: random JSON (wrong types, huge numbers, NUL, __proto__) as owner and stranger',
    async () => {
      await checkAsync(
        300,
        fc.constantFrom(...ENDPOINTS.filter(([m]) => m !== 'GET')),
        realId(),
        fc.oneof(
          jsonText(FIELDS),
          fc.record({ url: localUrl }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
          fc.record({ user: fc.oneof(fc.constant('Notch'), nastyString), name: nastyString, visibility: nastyString, variant: nastyString, cape: nastyString }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
          fc.record({ name: nastyString, visibility: fc.constantFrom('public', 'unlisted', 'private', 'x', 1, null) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
          fc.record({ tag: nastyString, vote: fc.constantFrom('up', 'down', 'sideways', 1, null) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
        ),
        fc.boolean(),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1'),
        async ([method, template], id, text, asOwner, type) => {
          const path = fillPath(template, { id, hash: '', job: '', name: '' })
          const req = buildRequest(path, { method, headers: { 'content-type': type, ...(asOwner ? { cookie: api.owner } : {}) }, body: method === 'DELETE' ? undefined : text })
          if (req) await expectCleanAnswer(api, req, `${method} ${path} ${type} ${text.slice(0, 300)}`)
          api.restore()
        },
      )
    },
    fuzzTimeout(),
  )

  test(
    'random paths under the API root never give a 5xx',
    async () => {
      const segment = fc.oneof(urlPart, fc.constantFrom('v2', 'skins', 'queue', 'me', 'images', 'textures', 'validate', 'name', 'uuid', 'tags', 'interactions', 'likes'))
      await checkAsync(
        300,
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'),
        fc.array(segment, { minLength: 0, maxLength: 7 }),
        fc.constantFrom('/', '//', '/./', '/../'),
        queryString(QUERY_KEYS),
        async (method, segments, sep, query) => {
          const path = `/${segments.join(sep === '/' ? '/' : sep.slice(1))}${query}`
          const req = buildRequest(path, { method })
          if (req) await expectCleanAnswer(api, req, `${method} ${path.slice(0, 300)}`)
        },
      )
    },
    fuzzTimeout(),
  )
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { createApiKey } from '../../src/api/users/identity'
import { openStore } from '../../src/api/store/db'
import type { Grants } from '../../src/api/config'
import { apiKeyWith, startTestApi, storeOlderBlobs, type TestApi } from '../../src/api/testing/api-harness'
import { startMojangStandIn, type MojangStandIn } from '../support/mojang-stand-in'
import { createAnswerChecker, validateDocument } from './openapi-validator'
import { runContract, type ContractResult } from './run-contract'

/** The contract against the embedded API in-process. */
describe('OpenAPI contract: the embedded API', () => {
  let t: TestApi
  let mojang: MojangStandIn
  let result: ContractResult
  beforeAll(async () => {
    mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
    const player = await mojang.addPlayer('Contract_Player', makeSkinPng(5))
    t = await startTestApi({ env: { MOJANG_API_BASE: mojang.apiBase, MOJANG_SESSION_BASE: mojang.sessionBase, MOJANG_TEXTURES_BASE: mojang.texturesBase } })
    const store = openStore(t.dir)
    const userKey = (await createApiKey(store.db, { name: 'contract user', userId: 'c0'.repeat(16), grants: { batch_generation: true } })).key
    const plainKey = (await createApiKey(store.db, { name: 'contract plain' })).key
    store.close()
    result = await runContract(
      { call: t.call, proof: t.proof, settle: () => t.api.idle(), userKey, plainKey, player: { name: player.name, uuid: player.id } },
      { validateDocument, createAnswerChecker },
    )
  }, 60_000)
  afterAll(async () => {
    await t.close()
    mojang.stop()
  })

  test('/openapi.json is a valid OpenAPI 3.1 document served as JSON', () => {
    expect(result.documentProblems).toEqual([])
  })

  test('every answer conforms to the document: status, body, headers, error codes', () => {
    const bad = result.calls.filter((c) => c.problems.length > 0).map((c) => `${c.method.toUpperCase()} ${c.path} → ${c.status}: ${c.problems.join('; ')}`)
    expect(bad).toEqual([])
    expect(result.calls.length).toBeGreaterThan(80)
  })

  test('every documented operation was called with a success and an error case', () => {
    expect(result.missing).toEqual([])
  })
})

/**
 * Storage refusals (docs/operations.md "Storage budget and quotas") are documented answers of
 * generate, queue and batch: 429 `storage_quota` with `Retry-After`, and 507 `storage_full` once the
 * budget is used up.
 */
describe('OpenAPI contract: storage refusals', () => {
  const dataUrl = (seed: number) => `data:image/png;base64,${Buffer.from(makeSkinPng(seed)).toString('base64')}`
  const upload = (seed: number) => {
    const form = new FormData()
    form.set('file', new File([makeSkinPng(seed)], 'contract.png', { type: 'image/png' }))
    return form
  }
  /** Submits a new image to each generate operation as a key with `grants`; returns every answer's status, code and problems. */
  async function refusals(t: TestApi, grants: Partial<Grants>) {
    const check = createAnswerChecker(await (await t.call('/openapi.json')).json())
    const headers = { ...(await apiKeyWith(t, { batch_generation: true, ...grants })), 'user-agent': 'ContractTest/1.0' }
    const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const calls: [string, string, RequestInit][] = [
      ['/v2/queue', '/v2/queue', { method: 'POST', headers, body: upload(7001) }],
      ['/v2/generate', '/v2/generate', json({ url: dataUrl(7002) })],
      ['/v2/queue/batch', '/v2/queue/batch', json({ batch: [{ url: dataUrl(7003) }] })],
    ]
    const out: string[] = []
    for (const [template, path, init] of calls) {
      const res = await t.call(path, init)
      const text = await res.text()
      out.push(`${template} ${res.status} ${JSON.parse(text).errors?.[0]?.code} ${check('post', template, res, text).join('; ')}`.trim())
    }
    return out
  }

  test('429 storage_quota', async () => {
    const t = await startTestApi()
    try {
      expect(await refusals(t, { storage_per_day: 0 })).toEqual(['/v2/queue 429 storage_quota', '/v2/generate 429 storage_quota', '/v2/queue/batch 429 storage_quota'])
    } finally {
      await t.close()
    }
  })

  test('507 storage_full', async () => {
    const t = await startTestApi({ env: { STORAGE_BUDGET_MB: '1' }, noStart: true })
    try {
      storeOlderBlobs(t.dir, 1024 * 1024)
      await t.api.start()
      expect(await refusals(t, {})).toEqual(['/v2/queue 507 storage_full', '/v2/generate 507 storage_full', '/v2/queue/batch 507 storage_full'])
    } finally {
      await t.close()
    }
  })
})

/** The checker itself must reject what the document does not allow, or the contract proves nothing. */
describe('OpenAPI answer checker', () => {
  let check: ReturnType<typeof createAnswerChecker>
  let t: TestApi
  const base = { 'content-type': 'application/json', 'mineskin-breadcrumb': '0123abcd', 'mineskin-api-version': 'v2', 'mineskin-version': 'x', 'cache-control': 'public' }
  const answer = (status: number, body: unknown, headers: Record<string, string> = base) => {
    const text = JSON.stringify(body)
    return [new Response(text, { status, headers }), text] as const
  }
  const name = { success: true, name: 'x' }
  beforeAll(async () => {
    t = await startTestApi()
    check = createAnswerChecker(await (await t.call('/openapi.json')).json())
  })
  afterAll(() => t.close())

  test('accepts a conforming answer', () => {
    expect(check('get', '/random-name', ...answer(200, { name: 'Bob' }))).toEqual([])
  })

  test('rejects a wrong body, status, header, content type and error code', () => {
    expect(check('get', '/random-name', ...answer(200, name)).join()).toContain('additional properties')
    expect(check('get', '/random-name', ...answer(200, {})).join()).toContain("must have required property 'name'")
    expect(check('get', '/random-name', ...answer(418, { name: 'x' })).join()).toContain('status 418 is not documented')
    expect(check('get', '/random-name', ...answer(200, { name: 'x' }, { ...base, 'mineskin-breadcrumb': 'nothex!!' })).join()).toContain('header MineSkin-Breadcrumb')
    const { 'mineskin-version': _v, ...noVersion } = base
    expect(check('get', '/random-name', ...answer(200, { name: 'x' }, noVersion)).join()).toContain('missing header MineSkin-Version')
    expect(check('get', '/random-name', ...answer(200, { name: 'x' }, { ...base, 'x-ratelimit-limit': '5' })).join()).toContain('undocumented header x-ratelimit-limit')
    expect(check('get', '/random-name', ...answer(200, { name: 'x' }, { ...base, 'content-type': 'text/plain' })).join()).toContain('content type text/plain not documented')
    expect(check('get', '/v2/skins/{id}', ...answer(404, { success: false, errors: [{ code: 'job_not_found', message: 'm' }] })).join()).toContain('error code job_not_found is not documented for 404')
    expect(check('get', '/v2/nothing', ...answer(200, {})).join()).toContain('is not in the document')
  })
})

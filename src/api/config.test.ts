import { describe, expect, test } from 'bun:test'
import { apiConfigFromEnv, apiConfigFromWorkerEnv } from './config'
import { MOJANG_SIGNATURE_KEY_PEM } from './signing/signer/mojang-public-key'

test('defaults work offline: ./.data, localhost PUBLIC_URL, local signer, Mojang hosts, 2 workers, 24 demo skins', () => {
  const c = apiConfigFromEnv({})
  expect(c.dataDir).toBe('./.data')
  expect(c.publicUrl).toBe('http://localhost:8787')
  expect(c.textureBaseUrl).toBe('http://localhost:8787/textures')
  expect(c.signer).toBe('local')
  expect(c.mojang).toEqual({
    apiBase: 'https://api.mojang.com',
    sessionBase: 'https://sessionserver.mojang.com',
    servicesBase: 'https://api.minecraftservices.com',
    texturesBase: 'http://textures.minecraft.net',
    signatureKeyPem: MOJANG_SIGNATURE_KEY_PEM,
  })
  expect(c.queueConcurrency).toBe(2)
  expect(c.demoSkins).toBe(24)
  expect(c.grants.anonymous).toMatchObject({ per_minute: 20, private_skins: false, capes: false, skin_edit_duration: 1, skin_delete_duration: 1 })
  expect(c.grants.apikey).toMatchObject({ private_skins: true, capes: true })
  expect(c.fetch.allowPrivateHosts).toEqual([])
  expect(c.antibot.kind).toBe('altcha')
})

test('env values override, PORT feeds the PUBLIC_URL default, bad values throw', () => {
  const c = apiConfigFromEnv({ PORT: '3000', QUEUE_CONCURRENCY: '4', FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1:1, localhost:2', SKIN_EDIT_HOURS: '24' })
  expect(c.publicUrl).toBe('http://localhost:3000')
  expect(c.queueConcurrency).toBe(4)
  expect(c.fetch.allowPrivateHosts).toEqual(['127.0.0.1:1', 'localhost:2'])
  expect(c.grants.user.skin_edit_duration).toBe(24)
  expect(apiConfigFromEnv({ PUBLIC_URL: 'https://skins.example/' }).textureBaseUrl).toBe('https://skins.example/textures')
  expect(() => apiConfigFromEnv({ SIGNER: 'magic' })).toThrow()
  expect(() => apiConfigFromEnv({ QUEUE_CONCURRENCY: '0' })).toThrow()
})

test('storage limits: a 5 GiB budget and daily quotas per kind by default, set by env, 0 = no budget', () => {
  const c = apiConfigFromEnv({})
  expect(c.storageBudgetBytes).toBe(5 * 1024 ** 3)
  expect([c.grants.anonymous.storage_per_day, c.grants.user.storage_per_day, c.grants.apikey.storage_per_day]).toEqual([4096, 20480, 102400])
  const set = apiConfigFromEnv({ STORAGE_BUDGET_MB: '0', LIMIT_ANONYMOUS_STORAGE_PER_DAY: '0', LIMIT_USER_STORAGE_PER_DAY: '1', LIMIT_APIKEY_STORAGE_PER_DAY: '2' })
  expect(set.storageBudgetBytes).toBe(0)
  expect([set.grants.anonymous.storage_per_day, set.grants.user.storage_per_day, set.grants.apikey.storage_per_day]).toEqual([0, 1, 2])
  expect(() => apiConfigFromEnv({ STORAGE_BUDGET_MB: '-1' })).toThrow()
})

describe('apiConfigFromWorkerEnv', () => {
  test('reads the string entries of a Worker env and leaves its bindings out', () => {
    const config = apiConfigFromWorkerEnv({ SIGNER: 'upstream', UPSTREAM_ORIGIN: 'https://api.example', DB: { prepare() {} }, PUBLIC_URL: 'https://skins.example.org/' })
    expect(config.signer).toBe('upstream')
    expect(config.upstream.origin).toBe('https://api.example')
    expect(config.publicUrl).toBe('https://skins.example.org')
  })
})

test('the pool paces by POOL_MIN_DELAY_S plus POOL_DELAY_MARGIN_MS (default 1000 ms)', () => {
  expect(apiConfigFromEnv({}).pool.rotation).toMatchObject({ minDelayMs: 15_000, delayMarginMs: 1000 })
  expect(apiConfigFromEnv({ POOL_MIN_DELAY_S: '1', POOL_DELAY_MARGIN_MS: '250' }).pool.rotation).toMatchObject({ minDelayMs: 1000, delayMarginMs: 250 })
  expect(() => apiConfigFromEnv({ POOL_DELAY_MARGIN_MS: '-1' })).toThrow()
})

test("MOJANG_SIGNATURE_KEY: Mojang's key by default; a PEM, a \\n-escaped PEM (a Worker var) or its base64 body; anything else throws", () => {
  const body = MOJANG_SIGNATURE_KEY_PEM.replace(/-----[A-Z ]+-----|\s/g, '')
  const other = `-----BEGIN PUBLIC KEY-----\n${body.replace('AylB4B6m5', 'AylB4B6m6')}\n-----END PUBLIC KEY-----\n`
  expect(apiConfigFromEnv({ MOJANG_SIGNATURE_KEY: other }).mojang.signatureKeyPem).not.toBe(MOJANG_SIGNATURE_KEY_PEM)
  for (const form of [MOJANG_SIGNATURE_KEY_PEM, MOJANG_SIGNATURE_KEY_PEM.replaceAll('\n', '\\n'), body]) {
    expect(apiConfigFromEnv({ MOJANG_SIGNATURE_KEY: form }).mojang.signatureKeyPem).toBe(MOJANG_SIGNATURE_KEY_PEM)
    expect(apiConfigFromWorkerEnv({ MOJANG_SIGNATURE_KEY: form, DB: {} }).mojang.signatureKeyPem).toBe(MOJANG_SIGNATURE_KEY_PEM)
  }
  for (const bad of ['not a key', '/etc/mojang.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----']) expect(() => apiConfigFromEnv({ MOJANG_SIGNATURE_KEY: bad })).toThrow('MOJANG_SIGNATURE_KEY')
})

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { verify } from 'node:crypto'
import { startMojangStandIn, type MojangStandIn } from '../../../../test/support/mojang-stand-in'
import { readSkinImage, type SkinImage } from '../../image'
import { makeSkinPng } from '../../image/fixtures'
import { decodeTexturesValue } from '../../profiles'
import { createMemoryAccountPool, createMojangSigner, minecraftAccountSchema, type AccountPoolOptions, type MojangSignerConfig } from './index'
import { apiFailure } from '../../../../test/support/api-failure'

let mojang: MojangStandIn
let skin: SkinImage
let slimSkin: SkinImage
let clock = 0
const now = () => clock
let sleeps: number[] = []
/** Records the wait and moves the clock, so nothing really sleeps. */
const sleep = async (ms: number) => {
  sleeps.push(ms)
  clock += ms
}

beforeAll(async () => {
  // On the test's clock: the arrival times it records are the ones the signer's pacing is judged by.
  mojang = await startMojangStandIn({ accounts: 2, now })
  skin = await readSkinImage(makeSkinPng(21))
  slimSkin = await readSkinImage(makeSkinPng(22, { slim: true }))
}, 30_000)
afterAll(() => mojang.stop())
beforeEach(() => {
  clock = 1_000_000
  sleeps = []
  for (const a of mojang.accounts) {
    mojang.setRateLimited(a.accessToken, false)
    mojang.setProfileLag(a.accessToken, 0)
  }
})

const poolAccounts = (accounts = mojang.accounts) =>
  accounts.map((a, i) =>
    minecraftAccountSchema.parse({ id: a.id, name: a.name, type: i % 2 ? 'mojang' : 'microsoft', tokenSource: 'login_microsoft', accessToken: a.accessToken }),
  )

function setup(poolOpts: AccountPoolOptions = {}, signerOpts: Partial<MojangSignerConfig> = {}, accounts = poolAccounts()) {
  const pool = createMemoryAccountPool(accounts, poolOpts)
  // The stand-in signs with its own key (MOJANG_SIGNATURE_KEY in the app).
  const signer = createMojangSigner({ pool, servicesBase: mojang.servicesBase, sessionBase: mojang.sessionBase, signatureKeyPem: mojang.publicKeyPem, now, sleep, ...signerOpts })
  return { pool, signer }
}

const request = (s: SkinImage, variant: 'classic' | 'slim' = 'classic') => ({ png: s.png, textureHash: s.textureHash, variant })

const failure = apiFailure

describe('mojang signer against the stand-in', () => {
  test('uploads with the bearer token and returns the signed profile texture', async () => {
    const { pool, signer } = setup()
    const before = mojang.requests.length
    const signed = await signer.sign(request(skin))
    const calls = mojang.requests.slice(before)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /services/minecraft/profile/skins',
      expect.stringMatching(/^GET \/session\/session\/minecraft\/profile\/[0-9a-f]{32}\?unsigned=false$/),
    ])
    const account = mojang.accounts.find((a) => a.accessToken === calls[0]!.token)!
    expect(signed.account).toBe(account.id.slice(0, 16))
    expect(signed.textureHash).toBe(skin.textureHash)
    expect(signed.textureUrl).toStartWith(`${mojang.texturesBase}/texture/`)
    expect(verify('sha1', Buffer.from(signed.value), mojang.publicKeyPem, Buffer.from(signed.signature, 'base64'))).toBe(true)
    const payload = decodeTexturesValue(signed.value)
    expect(payload).toMatchObject({ profileId: account.id, signatureRequired: true, textures: { SKIN: { url: signed.textureUrl } } })
    expect(payload.textures.SKIN?.metadata).toBeUndefined()
    expect(mojang.texture(signed.textureHash)).toEqual(skin.png)
    expect(pool.accounts().find((a) => a.id === account.id)).toMatchObject({ lastUsed: clock, errorCount: 0, lastError: null })
  })

  test('slim skins are uploaded as slim', async () => {
    const signed = await setup().signer.sign(request(slimSkin, 'slim'))
    expect(decodeTexturesValue(signed.value).textures.SKIN?.metadata?.model).toBe('slim')
  })

  test('respects the per-account minimum delay of the pool: a job waits for the next free account', async () => {
    const { signer } = setup({ minDelayMs: 15_000 })
    const a = await signer.sign(request(skin))
    const b = await signer.sign(request(skin))
    expect(a.account).not.toBe(b.account)
    // Both accounts changed skin just now: the third job waits the 15 s and the 1 s margin for the first one.
    expect((await signer.sign(request(skin))).account).toBe(a.account)
    expect(sleeps).toEqual([16_000])
  })

  test('the delay counts from the answer to the previous skin change, not from when it was sent', async () => {
    // An upload whose answer takes 2.5 s to come back (a slow link, a large body).
    const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await fetch(input, init)
      if (init?.method === 'POST') clock += 2500
      return res
    }) as typeof fetch
    const { pool, signer } = setup({ minDelayMs: 15_000 }, { fetch: slowFetch }, poolAccounts(mojang.accounts.slice(0, 1)))
    const sentAt = clock
    await signer.sign(request(skin))
    expect(pool.accounts()[0]!.lastUsed).toBe(sentAt + 2500)
    await signer.sign(request(slimSkin, 'slim'))
    // 15 s + 1 s margin after the answer: 18.5 s after the first upload left.
    expect(sleeps).toEqual([16_000])
    const posts = mojang.changes.filter((c) => c.accountId === mojang.accounts[0]!.id).slice(-2)
    expect(posts[1]!.at - posts[0]!.at).toBe(18_500)
  })

  test('a signature that does not verify against the configured key fails the job with invalid_signature and counts against the account', async () => {
    const { pool, signer } = setup({}, {}, poolAccounts(mojang.accounts.slice(0, 1)))
    await mojang.setForeignSigner(true)
    try {
      const err = await failure(signer.sign(request(skin)))
      expect(err).toMatchObject({ code: 'invalid_signature', status: 502, source: 'UPSTREAM' })
      expect(err.message).toContain("Mojang's public key")
      expect(pool.accounts()[0]).toMatchObject({ errorCount: 1, lastError: expect.stringContaining('does not verify') })
    } finally {
      await mojang.setForeignSigner(false)
    }
  })

  test("by default signatures are checked against Mojang's published key, which the stand-in's is not", async () => {
    const { signer } = setup({}, { signatureKeyPem: undefined as unknown as string }, poolAccounts(mojang.accounts.slice(0, 1)))
    expect(await failure(signer.sign(request(skin)))).toMatchObject({ code: 'invalid_signature' })
  })

  test("restore my own skin: the owner's skin is put back one delay after the upload, and the account is held until then", async () => {
    const owner = await mojang.addPlayer('OwnSkinDonor', makeSkinPng(31))
    const ownUrl = mojang.skinUrl(owner.id)!
    const [account] = poolAccounts(mojang.accounts.slice(0, 1)).map((a) => ({ ...a, restoreSkin: true, ownSkin: { url: ownUrl, variant: 'classic' as const } }))
    const { pool, signer } = setup({ minDelayMs: 15_000 }, { minAccountDelayMs: 15_000 }, [account!])
    const posts = () => mojang.requests.filter((r) => r.method === 'POST' && r.token === account!.accessToken).length
    const before = posts()
    const signed = await signer.sign(request(skin))
    expect(signed.textureHash).toBe(skin.textureHash)
    // The job has its result; the restore waits out the account's delay in the background.
    for (let i = 0; i < 100 && posts() < before + 2; i++) await Bun.sleep(5)
    expect(posts()).toBe(before + 2)
    const profile = await (await fetch(`${mojang.servicesBase}/minecraft/profile`, { headers: { authorization: `Bearer ${account!.accessToken}` } })).json()
    expect(profile.skins[0].url).toBe(ownUrl)
    expect(sleeps).toEqual([16_000])
    expect(pool.accounts()[0]).toMatchObject({ errorCount: 0, lastError: null })
  })

  test('a job does not wait longer than maxWaitMs: it fails with no_account_available saying when one is free', async () => {
    const { signer } = setup({ minDelayMs: 15_000 }, { maxWaitMs: 10_000 })
    await signer.sign(request(skin))
    await signer.sign(request(skin))
    const err = await failure(signer.sign(request(skin)))
    expect(err).toMatchObject({ code: 'no_account_available', status: 503, source: 'UPSTREAM' })
    expect(err.message).toBe('All 2 signing accounts are busy or cooling down; the next one is free in 16 s')
    expect(sleeps).toEqual([])
  })

  test('an empty pool says how to add an account', async () => {
    const err = await failure(setup({}, {}, []).signer.sign(request(skin)))
    expect(err).toMatchObject({ code: 'no_account_available' })
    expect(err.message).toContain('account manager')
  })

  test('waits out its own minimum delay when a pool hands an account back too soon', async () => {
    const { signer } = setup({ minDelayMs: 0, delayMarginMs: 0 }, { minAccountDelayMs: 15_000 }, poolAccounts(mojang.accounts.slice(0, 1)))
    await signer.sign(request(skin))
    clock += 4_000
    await signer.sign(request(skin))
    expect(sleeps).toEqual([12_000])
  })

  test('a 429 times the account out and fails with skin_change_failed', async () => {
    const { pool, signer } = setup({ minDelayMs: 0, rateLimitTimeoutMs: 60_000 }, {}, poolAccounts(mojang.accounts.slice(0, 1)))
    const token = mojang.accounts[0]!.accessToken
    mojang.setRateLimited(token, true)
    const err = await failure(signer.sign(request(skin)))
    expect(err).toMatchObject({ code: 'skin_change_failed', status: 503, source: 'UPSTREAM' })
    expect(pool.accounts()[0]).toMatchObject({ timeoutUntil: clock + 60_000, errorCount: 1 })
    mojang.setRateLimited(token, false)
    // The cooldown ends within maxWaitMs (default 60 s): the next job waits for it instead of failing.
    expect((await signer.sign(request(skin))).textureHash).toBe(skin.textureHash)
    expect(sleeps).toEqual([60_000])
    expect(pool.accounts()[0]!.errorCount).toBe(0)
  })

  test('re-reads a lagging profile until the URL matches', async () => {
    const { signer } = setup({}, {}, poolAccounts(mojang.accounts.slice(0, 1)))
    mojang.setProfileLag(mojang.accounts[0]!.accessToken, 2)
    const signed = await signer.sign(request(slimSkin, 'slim'))
    expect(signed.textureHash).toBe(slimSkin.textureHash)
    expect(sleeps).toEqual([3000, 3000])
  })

  test('gives up with skin_change_failed when the URL never matches', async () => {
    const { pool, signer } = setup({}, {}, poolAccounts(mojang.accounts.slice(0, 1)))
    await signer.sign(request(skin))
    clock += 60_000
    mojang.setProfileLag(mojang.accounts[0]!.accessToken, 3)
    const err = await failure(signer.sign(request(slimSkin, 'slim')))
    expect(err).toMatchObject({ code: 'skin_change_failed', source: 'UPSTREAM' })
    expect(err.message).toMatch(/URL mismatch/)
    // MineSkin: after the re-reads the account rests (its forced timeout), like after a 429.
    expect(pool.accounts()[0]).toMatchObject({ errorCount: 1, lastError: expect.stringMatching(/URL mismatch/), timeoutUntil: clock + 650_000 })
  })

  test('a revoked token fails the job and counts against the account', async () => {
    const [bogus] = poolAccounts(mojang.accounts.slice(0, 1)).map((a) => ({ ...a, accessToken: 'revoked' }))
    const { pool, signer } = setup({}, {}, [bogus!])
    const err = await failure(signer.sign(request(skin)))
    expect(err).toMatchObject({ code: 'skin_change_failed', source: 'UPSTREAM' })
    expect(err.message).toMatch(/HTTP 401/)
    expect(pool.accounts()[0]!.errorCount).toBe(1)
  })

  test('an unreachable session server fails with skin_change_failed and frees the account', async () => {
    // A listener that drops every connection: a dead service, without racing for a freed port.
    const dead = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open: (s) => void s.end(), data: () => {} } })
    const sessionBase = `http://127.0.0.1:${dead.port}`
    const { pool, signer } = setup({ minDelayMs: 0, delayMarginMs: 0 }, { sessionBase }, poolAccounts(mojang.accounts.slice(0, 1)))
    expect(await failure(signer.sign(request(skin)).finally(() => dead.stop(true)))).toMatchObject({ code: 'skin_change_failed', source: 'UPSTREAM' })
    expect(await pool.acquire(clock)).not.toBeNull()
  })

  test('publishes no key of its own', async () => {
    expect(await setup().signer.publicKeyPem()).toBeNull()
  })
})

describe('capes', () => {
  /** A fresh player with a token (the shared stand-in accounts stay cape-less for the other tests). */
  async function lender(name: string) {
    const player = await mojang.addPlayer(name)
    const accessToken = mojang.issueToken(player.id, Number.MAX_SAFE_INTEGER)
    return { id: player.id, name, accessToken }
  }
  const account = (a: { id: string; name: string; accessToken: string }, capes: string[] = []) =>
    minecraftAccountSchema.parse({ id: a.id, name: a.name, type: 'microsoft', tokenSource: 'user_login_microsoft', accessToken: a.accessToken, capes })
  const callsSince = (before: number, token: string) =>
    mojang.requests.slice(before).filter((r) => r.token === token || r.path.startsWith('/session/')).map((r) => `${r.method} ${r.path.replace(/\?.*$/, '')}`)

  test('a cape job takes the account that owns the cape, shows it before the upload and puts the owner’s cape back', async () => {
    const plain = await lender('CapelessOne')
    const owner = await lender('CapeOwner')
    const asked = await mojang.grantCape(owner.id, { alias: 'Migrator' })
    const own = await mojang.grantCape(owner.id, { alias: 'Vanilla', active: true })
    // The cape-less account is the least recently used: only the cape decides.
    const { pool, signer } = setup({}, {}, [account(plain), { ...account(owner, [asked.id, own.id]), lastUsed: 1 }])
    const before = mojang.requests.length
    const signed = await signer.sign({ ...request(skin), cape: { uuid: asked.id, textureHash: asked.textureHash } })
    expect(callsSince(before, owner.accessToken)).toEqual([
      'GET /services/minecraft/profile',
      'PUT /services/minecraft/profile/capes/active',
      'POST /services/minecraft/profile/skins',
      `GET /session/session/minecraft/profile/${owner.id}`,
      'PUT /services/minecraft/profile/capes/active',
    ])
    const payload = decodeTexturesValue(signed.value)
    expect(payload.profileId).toBe(owner.id)
    expect(payload.textures.CAPE?.url).toBe(asked.url)
    expect(signed).toMatchObject({ capeUrl: asked.url, capeHash: asked.textureHash })
    expect(verify('sha1', Buffer.from(signed.value), mojang.publicKeyPem, Buffer.from(signed.signature, 'base64'))).toBe(true)
    // The owner shows their own cape again; the cape-less account was not touched.
    expect(mojang.profileOf(owner.id)!.activeCape).toBe(own.id)
    expect(mojang.requests.slice(before).some((r) => r.token === plain.accessToken)).toBe(false)
    expect(pool.accounts().find((a) => a.id === owner.id)).toMatchObject({ errorCount: 0, lastUsed: clock })
  })

  test('an owner who showed no cape gets none back', async () => {
    const owner = await lender('CapeHider')
    const asked = await mojang.grantCape(owner.id, { alias: 'Migrator' })
    const { signer } = setup({}, {}, [account(owner, [asked.id])])
    const signed = await signer.sign({ ...request(skin), cape: { uuid: asked.id.replaceAll('-', ''), textureHash: asked.textureHash } })
    expect(decodeTexturesValue(signed.value).textures.CAPE?.url).toBe(asked.url)
    expect(mojang.profileOf(owner.id)!.activeCape).toBeUndefined()
    expect(mojang.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/services/minecraft/profile/capes/active' })
  })

  test('a cape no account owns fails with cape_unavailable before any skin change', async () => {
    const owner = await lender('OtherCapeOwner')
    const other = await mojang.grantCape(owner.id, { alias: 'Vanilla' })
    const { pool, signer } = setup({}, {}, [account(owner, [other.id])])
    const changes = mojang.changes.length
    const err = await failure(signer.sign({ ...request(skin), cape: { uuid: crypto.randomUUID(), textureHash: 'c'.repeat(64) } }))
    expect(err).toMatchObject({ code: 'cape_unavailable', status: 400 })
    expect(mojang.changes.length).toBe(changes)
    expect(pool.accounts()[0]).toMatchObject({ errorCount: 0, lastUsed: 0 })
  })

  test('stored cape ids that went stale: the account is given back unused, its ids are corrected and another owner signs', async () => {
    const stale = await lender('StaleCapes')
    const owner = await lender('RealOwner')
    const asked = await mojang.grantCape(owner.id, { alias: 'Migrator' })
    const { pool, signer } = setup({}, {}, [account(stale, [asked.id]), { ...account(owner, [asked.id]), lastUsed: 1 }])
    const changes = mojang.changes.length
    const signed = await signer.sign({ ...request(skin), cape: { uuid: asked.id, textureHash: asked.textureHash } })
    expect(decodeTexturesValue(signed.value).profileId).toBe(owner.id)
    expect(mojang.changes.slice(changes).map((c) => c.accountId)).toEqual([owner.id])
    expect(pool.accounts().find((a) => a.id === stale.id)).toMatchObject({ capes: [], lastUsed: 0, errorCount: 0 })
  })

  test('a job without a cape on an account whose owner shows one: signed without it, the cape shown again after', async () => {
    const owner = await lender('ShowsACape')
    const own = await mojang.grantCape(owner.id, { alias: 'Vanilla', active: true })
    const { signer } = setup({}, {}, [account(owner, [own.id])])
    const signed = await signer.sign(request(skin))
    expect(decodeTexturesValue(signed.value).textures.CAPE).toBeUndefined()
    expect(signed.capeUrl).toBeUndefined()
    expect(mojang.profileOf(owner.id)!.activeCape).toBe(own.id)
  })
})

describe('account records', () => {
  test('use the SPEC account types and token sources', () => {
    const base = { id: 'a'.repeat(32), name: 'Acc', accessToken: 't' }
    expect(minecraftAccountSchema.parse({ ...base, type: 'microsoft', tokenSource: 'refresh_microsoft' })).toMatchObject({ enabled: true, errorCount: 0, timeoutUntil: 0 })
    expect(minecraftAccountSchema.safeParse({ ...base, type: 'offline', tokenSource: 'login_microsoft' }).success).toBe(false)
    expect(minecraftAccountSchema.safeParse({ ...base, type: 'mojang', tokenSource: 'password' }).success).toBe(false)
  })

  test('disabled, expired-token and error-laden accounts are not handed out', async () => {
    const [a] = poolAccounts(mojang.accounts.slice(0, 1))
    for (const bad of [{ enabled: false }, { tokenExpiresAt: clock - 1 }, { errorCount: 10 }]) {
      expect(await createMemoryAccountPool([{ ...a!, ...bad }]).acquire(clock)).toBeNull()
    }
    expect(await createMemoryAccountPool([{ ...a!, tokenExpiresAt: clock + 1 }]).acquire(clock)).not.toBeNull()
  })
})

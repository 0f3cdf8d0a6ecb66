/**
 * Capes through the Mojang pool, end to end against the Microsoft/Mojang stand-in (docs/signing.md
 * "Capes"): accounts signed in through the device code bring the capes their profile owns;
 * `GET /v2/capes` marks those as supported; a job with `cape` is signed on an account that owns it,
 * with the cape shown for the skin change and the owner's own choice put back after; a cape no
 * account owns is refused before anything is queued or changed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../test/support/microsoft-stand-in'
import { KNOWN_CAPES } from '../../capes/capes'
import { makeSkinPng } from '../../image/fixtures'
import { decodeTexturesValue } from '../../profiles'
import { apiKeyWith, startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import type { PoolActor } from './pool-views'

let ms: MicrosoftStandIn
let t: TestApi
let key: { authorization: string }
const owner: PoolActor = { userId: 'c'.repeat(32), admin: false }
const cape = (alias: string) => KNOWN_CAPES.find((c) => c.alias === alias)!
const MIGRATOR = cape('Migrator')
const VANILLA = cape('Vanilla')
/** The lender's profile and its capes at the stand-in. */
let lender = { id: '', migrator: '', vanilla: '', migratorUrl: '' }
let plain = { id: '', email: '' }

/** Signs a Microsoft user in through the device code, as a person at the verification page would. */
async function signIn(email: string) {
  const manager = t.api.signingPool.manager
  const started = await manager.startSignIn(owner)
  ms.approve(started.userCode, email)
  t.clock.now += started.intervalS * 1000
  const done = (await manager.checkSignIn(owner, started.id))!
  expect(done.status).toBe('done')
  return done.account!
}

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => t?.clock.now ?? Date.UTC(2026, 10, 22, 12), accounts: 0 })
  t = await startTestApi({
    env: { ...ms.env, SIGNER: 'mojang', POOL_NEW_ACCOUNT_DELAY_S: '0', POOL_MAX_WAIT_S: '0', POOL_REFRESH_EVERY_S: '0' },
    deps: { signer: undefined },
  })
  // A lender who owns Migrator and shows Vanilla, and an account with no cape.
  const withCapes = await ms.addMicrosoftUser({ name: 'CapeLender' })
  const migrator = await ms.grantCape(withCapes.profileId!, { alias: MIGRATOR.alias, id: MIGRATOR.uuid })
  const vanilla = await ms.grantCape(withCapes.profileId!, { alias: VANILLA.alias, id: VANILLA.uuid, active: true })
  lender = { id: withCapes.profileId!, migrator: migrator.id, vanilla: vanilla.id, migratorUrl: migrator.url }
  const without = await ms.addMicrosoftUser({ name: 'NoCapes' })
  plain = { id: without.profileId!, email: without.email }
  // The cape-less account signs in first, so it is the one a job without a cape would take.
  await signIn(without.email)
  await signIn(withCapes.email)
  key = await apiKeyWith(t, { capes: true })
}, 30_000)
afterAll(async () => {
  await t.close()
  await ms.stop()
})

const supported = async () => ((await t.json('/v2/capes')).body.capes as { uuid: string; supported: boolean }[]).filter((c) => c.supported).map((c) => c.uuid).sort()

describe('capes through the signing pool', () => {
  test('GET /v2/capes marks as supported the capes the accounts in rotation own', async () => {
    expect(await supported()).toEqual([MIGRATOR.uuid, VANILLA.uuid].sort())
  })

  test('a cape job shows the cape on the account that owns it, signs it in, and leaves the owner’s cape as it was', async () => {
    const before = ms.requests.length
    const changes = ms.changes.length
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3701), { cape: MIGRATOR.uuid }), headers: key })
    expect(sub.status).toBe(202)
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`, { headers: key })
    expect(job.body.job.status).toBe('completed')
    const payload = decodeTexturesValue(job.body.skin.texture.data.value)
    expect(payload.profileId).toBe(lender.id)
    expect(payload.textures.CAPE?.url).toBe(lender.migratorUrl)
    expect(job.body.skin.texture.url.cape).toBe(lender.migratorUrl)
    // Shown before the one skin change, put back after it; the owner shows Vanilla again.
    const calls = ms.requests.slice(before).filter((r) => r.path.includes('/capes/active') || r.path.endsWith('/profile/skins'))
    expect(calls.map((r) => r.method)).toEqual(['PUT', 'POST', 'PUT'])
    expect(ms.changes.slice(changes).map((c) => c.accountId)).toEqual([lender.id])
    expect(ms.profileOf(lender.id)!.activeCape).toBe(lender.vanilla)
    // The cape's texture is kept here too: the skin page draws it from /textures like the skin.
    const capePng = await t.call(`/textures/${job.body.skin.texture.hash.cape}`)
    expect(capePng.status).toBe(200)
    expect(Buffer.from(await capePng.arrayBuffer()).equals(Buffer.from(ms.texture(job.body.skin.texture.hash.cape)!))).toBe(true)
  })

  test('a cape no account owns → 400 cape_unavailable naming the capes that are available; no job, no skin change', async () => {
    const changes = ms.changes.length
    const cherry = cape('Cherry Blossom')
    const r = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3702), { cape: cherry.uuid }), headers: key })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].code).toBe('cape_unavailable')
    expect(r.body.errors[0].message).toContain(`${MIGRATOR.alias} (${MIGRATOR.uuid})`)
    expect(r.body.errors[0].message).toContain(`${VANILLA.alias} (${VANILLA.uuid})`)
    expect(r.body.errors[0].message).not.toContain(cherry.uuid)
    await t.api.idle()
    expect(ms.changes.length).toBe(changes)
    expect((await t.json('/v2/queue', { headers: key })).body.jobs.map((j: { id: string }) => j.id)).toHaveLength(1)
  })

  test('a cape granted after sign-in is learned when the token is renewed', async () => {
    const purple = cape('Purple Heart')
    await ms.grantCape(plain.id, { alias: purple.alias, id: purple.uuid })
    expect(await supported()).not.toContain(purple.uuid)
    t.clock.now += 24 * 3_600_000 - 10 * 60_000
    expect((await t.api.signingPool.refresher.runOnce()).renewed).toBe(2)
    expect(await supported()).toContain(purple.uuid)
  })
})

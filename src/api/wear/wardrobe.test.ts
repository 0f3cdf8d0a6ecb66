/**
 * "Wear it" end to end against the local Microsoft/Mojang stand-in (test/support/microsoft-stand-in.ts)
 * on a real SQLite file: a user links their own Minecraft account through the device code, wears a
 * gallery skin (the stand-in's profile shows its texture and arm model), wears again from the history
 * once Mojang's pace allows, gets the skin's cape on when the account owns it, and unlinks — after
 * which no byte of the sealed tokens is left in the database files. Another user can never act on the
 * link, a token Microsoft stopped accepting asks for a new sign-in, and a link never enters the pool.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../test/support/microsoft-stand-in'
import { makeSkinPng } from '../image/fixtures'
import { startTestApi, uploadForm, type TestApi } from '../testing/api-harness'
import { loadTokenBox } from '../signing/pool/token-key-file'
import { openStore } from '../store/db'
import { wardrobeFromConfig } from './wardrobe-from-config'
import { WearError } from './wear-errors'

let ms: MicrosoftStandIn
let t: TestApi
const ADA = 'a1'.repeat(16)
const BOB = 'b2'.repeat(16)

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => t?.clock.now ?? Date.UTC(2026, 10, 28, 12), accounts: 0 })
  t = await startTestApi({ env: { ...ms.env } })
}, 30_000)
afterAll(async () => {
  await t.close()
  await ms.stop()
})

const wardrobe = () => t.api.wardrobe

/** Links `userId` to the Microsoft user `email` through the device code, as a person at the verification page would. */
async function link(userId: string, email: string) {
  const started = await wardrobe().startLink(userId)
  expect(started.status).toBe('pending')
  ms.approve(started.userCode, email)
  t.clock.now += started.intervalS * 1000
  return (await wardrobe().checkLink(userId, started.id))!
}

/** A public skin in the gallery, generated anonymously; its uuid, texture hash and arm model. */
async function gallerySkin(seed: number, variant: 'classic' | 'slim' = 'classic') {
  const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(seed), { variant, visibility: 'public' }) })
  expect(sub.status).toBe(202)
  await t.api.idle()
  const job = await t.json(`/v2/queue/${sub.body.job.id}`)
  const skin = job.body.skin
  return { uuid: skin.uuid as string, hash: skin.texture.hash.skin as string, variant }
}

/** Statements on the test's database file, beside the API's own connection (WAL allows both). */
const exec = (statement: string, params: (string | number)[]) => {
  const db = new Database(join(t.dir, 'skins.db'))
  db.run(statement, params)
  db.close()
}
const query = (statement: string) => ({
  get: (...params: string[]) => {
    const db = new Database(join(t.dir, 'skins.db'), { readonly: true })
    const row = db.query(statement).get(...params)
    db.close()
    return row
  },
})

const dbBytes = () => ['skins.db', 'skins.db-wal'].map((f) => { try { return readFileSync(join(t.dir, f)).toString('latin1') } catch { return '' } }).join('')

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p
  } catch (e) {
    if (e instanceof WearError) return e
    throw e
  }
  throw new Error('expected a WearError')
}

describe('wear it (docs/wear.md)', () => {
  let player: { profileId: string | null; email: string; name: string | null }

  test('link → wear a gallery skin → the profile shows it, with the arm model', async () => {
    player = await ms.addMicrosoftUser({ name: 'Wearer' })
    const done = await link(ADA, player.email)
    expect(done.status).toBe('done')
    expect(done.linked).toMatchObject({ profileId: player.profileId, name: 'Wearer', needsSignIn: false })
    // Never lent to the pool, and the pool's pages cannot finish a link's sign-in.
    expect(await t.api.signingPool.manager.list({ userId: null, admin: true })).toEqual([])
    expect(await t.api.signingPool.manager.checkSignIn({ userId: ADA, admin: false }, done.id)).toBeNull()
    expect(await t.api.signingPool.manager.checkSignIn({ userId: null, admin: true }, done.id)).toBeNull()

    const skin = await gallerySkin(3101, 'slim')
    const before = ms.changes.length
    const worn = await wardrobe().wear(ADA, skin.uuid)
    expect(ms.changes.length).toBe(before + 1)
    const profile = ms.profileOf(player.profileId!)!
    expect(profile.skin?.variant).toBe('slim')
    expect(worn.profile.skin?.hash).toBe(profile.skin!.hash)
    expect(worn.cape).toBeNull()
    // The account page reads the profile from Minecraft, not from what was sent.
    const view = await wardrobe().view(ADA, { force: true })
    expect(view?.skin).toMatchObject({ hash: profile.skin!.hash, variant: 'slim' })
    expect((await wardrobe().history(ADA)).map((h) => h.skinUuid)).toEqual([skin.uuid])
  })

  test('Mojang\'s pace per account: a second change within the spacing is refused with when to retry, nothing sent', async () => {
    const skin = await gallerySkin(3102)
    const before = ms.changes.length
    const refused = await errorOf(wardrobe().wear(ADA, skin.uuid))
    expect(refused.code).toBe('wear_rate_limited')
    expect(refused.retryAt).toBeGreaterThan(t.clock.now)
    expect(ms.changes.length).toBe(before)
    t.clock.now = refused.retryAt!
    await wardrobe().wear(ADA, skin.uuid)
    expect(ms.profileOf(player.profileId!)!.skin?.variant).toBe('classic')
  })

  test('wear again from the history puts the first skin back', async () => {
    t.clock.now += 20_000
    const history = await wardrobe().history(ADA)
    expect(history).toHaveLength(2)
    const first = history[1]!
    await wardrobe().wear(ADA, first.skinUuid)
    expect(ms.profileOf(player.profileId!)!.skin?.variant).toBe('slim')
    expect((await wardrobe().history(ADA))[0]!.skinUuid).toBe(first.skinUuid)
  })

  test('Mojang\'s 429 rests the account until its time; nothing else changes', async () => {
    t.clock.now += 20_000
    const token = ms.requests.filter((r) => r.path === '/services/minecraft/profile/skins').at(-1)!.token!
    ms.setRateLimited(token, true)
    const skin = await gallerySkin(3103)
    const refused = await errorOf(wardrobe().wear(ADA, skin.uuid))
    ms.setRateLimited(token, false)
    expect(refused.code).toBe('wear_rate_limited')
    expect(refused.retryAt).toBeGreaterThanOrEqual(t.clock.now + 60_000)
    expect(ms.profileOf(player.profileId!)!.skin?.variant).toBe('slim')
    t.clock.now = refused.retryAt!
  })

  test('a skin with a cape the account owns turns that cape on; one it does not own is reported, the own cape kept', async () => {
    const owned = await ms.grantCape(player.profileId!, { alias: 'Migrator' })
    const other = await ms.grantCape(player.profileId!, { alias: 'Vanilla', active: true })
    const stranger = (await ms.addMicrosoftUser({ name: 'CapeStranger' })).profileId!
    const notOwned = await ms.grantCape(stranger, { alias: 'Cherry' })
    const withCape = await gallerySkin(3104)
    // A skin whose signed texture carries a cape (one signed from a player's profile): its cape's texture hash.
    exec('UPDATE skin_data SET cape_hash = ? WHERE texture_hash = ?', [owned.textureHash, withCape.hash])
    const worn = await wardrobe().wear(ADA, withCape.uuid)
    expect(worn.cape).toBe('applied')
    expect(ms.profileOf(player.profileId!)!.activeCape).toBe(owned.id)

    t.clock.now += 20_000
    const foreign = await gallerySkin(3105)
    exec('UPDATE skin_data SET cape_hash = ? WHERE texture_hash = ?', [notOwned.textureHash, foreign.hash])
    expect((await wardrobe().wear(ADA, foreign.uuid)).cape).toBe('not_owned')
    expect(ms.profileOf(player.profileId!)!.activeCape).toBe(owned.id)
    expect(other.id).not.toBe(owned.id)
    t.clock.now += 20_000
  })

  test('another user cannot act on the link: no link of theirs, nothing sent to Minecraft', async () => {
    const skin = await gallerySkin(3106)
    const before = ms.requests.length
    expect((await errorOf(wardrobe().wear(BOB, skin.uuid))).code).toBe('not_linked')
    expect(await wardrobe().view(BOB)).toBeNull()
    expect(await wardrobe().history(BOB)).toEqual([])
    expect(ms.requests.length).toBe(before)
  })

  test('a skin the user may not see cannot be worn: someone else\'s unlisted skin by its short id, an unknown uuid', async () => {
    const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3107), { visibility: 'unlisted' }) })
    await t.api.idle()
    const job = await t.json(`/v2/queue/${sub.body.job.id}`)
    const shortId = job.body.skin.shortId as string
    expect(shortId).toMatch(/^[0-9a-f]{8}$/)
    expect((await errorOf(wardrobe().wear(ADA, shortId))).code).toBe('skin_not_found')
    expect((await errorOf(wardrobe().wear(ADA, 'f'.repeat(32)))).code).toBe('skin_not_found')
  })

  test('a token Mojang refuses before its time is renewed once and the wear goes through', async () => {
    // As after a password change: the stored expiry says days to go, Mojang says the token is dead.
    exec('UPDATE minecraft_links SET token_expires_at = ? WHERE user_id = ?', [t.clock.now + 30 * 86_400_000, ADA])
    t.clock.now += 2 * 86_400_000
    const skin = await gallerySkin(3113)
    const refreshes = ms.counts.refreshes
    await wardrobe().wear(ADA, skin.uuid)
    expect(ms.counts.refreshes).toBe(refreshes + 1)
    expect(ms.profileOf(player.profileId!)!.skin?.hash).toBe(skin.hash)
    t.clock.now += 20_000
  })

  test('starting a link again while one is pending hands back the same code (no new request to Microsoft)', async () => {
    const first = await wardrobe().startLink(BOB)
    const codes = ms.counts.deviceCodes
    const again = await wardrobe().startLink(BOB)
    expect(again.id).toBe(first.id)
    expect(again.userCode).toBe(first.userCode)
    expect(ms.counts.deviceCodes).toBe(codes)
  })

  test('an expired token is renewed through the chain; a revoked sign-in asks for a new one', async () => {
    t.clock.now += 2 * 86_400_000
    const skin = await gallerySkin(3108)
    const refreshes = ms.counts.refreshes
    await wardrobe().wear(ADA, skin.uuid)
    expect(ms.counts.refreshes).toBe(refreshes + 1)

    t.clock.now += 2 * 86_400_000
    ms.revokeRefreshTokens(player.email)
    const refused = await errorOf(wardrobe().wear(ADA, (await gallerySkin(3109)).uuid))
    expect(refused.code).toBe('link_needs_sign_in')
    expect((await wardrobe().view(ADA))?.needsSignIn).toBe(true)
    // Signing in again clears it.
    const again = await link(ADA, player.email)
    expect(again.linked?.needsSignIn).toBe(false)
  })

  test('Minecraft down: a clear refusal, nothing changed, the next change not held back', async () => {
    // The same database and key, with Mojang's services host answering nothing at all.
    const store = openStore(t.dir)
    const down = wardrobeFromConfig(
      { ...t.config, mojang: { ...t.config.mojang, servicesBase: 'http://127.0.0.1:9' } },
      { sql: store.sql, db: store.db, box: await loadTokenBox(t.dir, t.config.pool.tokenKey), loadTexture: t.api.loadTexture, now: () => t.clock.now },
    )
    t.clock.now += 20_000
    const skin = await gallerySkin(3111)
    const before = ms.profileOf(player.profileId!)!.skin
    const refused = await errorOf(down.wear(ADA, skin.uuid))
    expect(refused.code).toBe('minecraft_unavailable')
    expect(refused.status).toBe(503)
    expect(ms.profileOf(player.profileId!)!.skin).toEqual(before)
    // The account page keeps showing the last reading, and says why.
    expect((await down.view(ADA, { force: true }))?.readError).toBe('minecraft_unavailable')
    store.close()
    t.clock.now += 20_000
  })

  test('two clicks at once send one change', async () => {
    t.clock.now += 20_000
    const skin = await gallerySkin(3112)
    const before = ms.changes.length
    const results = await Promise.allSettled([wardrobe().wear(ADA, skin.uuid), wardrobe().wear(ADA, skin.uuid)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect((refused.reason as WearError).code).toBe('wear_rate_limited')
    expect(ms.changes.length).toBe(before + 1)
    t.clock.now += 20_000
  })

  test('unlink deletes the link and its sealed tokens from the database files', async () => {
    const row = query('SELECT refresh_token, access_token FROM minecraft_links WHERE user_id = ?').get(ADA) as { refresh_token: string; access_token: string }
    expect(row.refresh_token).toStartWith('g1.')
    expect(await wardrobe().unlink(ADA)).toBe(true)
    expect(await wardrobe().view(ADA)).toBeNull()
    const bytes = dbBytes()
    for (const sealed of [row.refresh_token, row.access_token]) expect(bytes.includes(sealed.slice(3, 40))).toBe(false)
    expect((await errorOf(wardrobe().wear(ADA, (await gallerySkin(3110)).uuid))).code).toBe('not_linked')
    // What they wore stays theirs.
    expect((await wardrobe().history(ADA)).length).toBeGreaterThan(0)
  })
})

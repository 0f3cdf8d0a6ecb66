/**
 * "Wear it" over real HTTP against the real Bun server, whose Microsoft and Minecraft hosts are the
 * local stand-in (test/support/microsoft-stand-in.ts), as a browser without JavaScript would use it:
 * link through the device code → wear a gallery skin with the plain form → the stand-in's profile
 * shows that texture and arm model → wear again from the history → unlink → the sealed tokens are gone
 * from the database files. Another user cannot wear onto the link (404, nothing sent to the stand-in),
 * a cross-site form post changes nothing, and a link whose sign-in Microsoft stopped accepting asks
 * to sign in again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paintedSkinPng } from '../support/skin-files'
import { accountForm, cookiesOf, signUpOverHttp } from '../support/account-flows'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { startMailSink, type MailSink } from '../support/mail-sink'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../support/microsoft-stand-in'

let standIn: MicrosoftStandIn
let sink: MailSink
let server: RunningServer

beforeAll(async () => {
  standIn = await startMicrosoftStandIn()
  sink = await startMailSink()
  // No pause between two skin changes of one account here: the pacing has its own test (src/api/wear).
  server = await startBunServer({ ...standIn.env, SMTP_URL: sink.url, POOL_MIN_DELAY_S: '0', POOL_DELAY_MARGIN_MS: '0' })
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await sink?.close()
  await standIn?.stop()
})

/** A signed-up user's cookies. */
async function signUp(email: string) {
  const res = await signUpOverHttp(server.origin, sink, { email, password: 'wear it every day 2026' })
  expect(res.status).toBe(303)
  return cookiesOf(res)
}

/** A form POST of the account site from its own origin with `cookies`. */
const post = (path: string, cookies: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/accounts${path}`, accountForm(server.origin, fields, { cookie: cookies, ...headers }))

const get = (path: string, cookies: string) => fetch(`${server.origin}${path}`, { headers: { cookie: cookies }, redirect: 'manual' })

/** The `minecraft` claim of the `ssg_web` cookie a response sets. */
function minecraftClaim(res: Response) {
  const web = res.headers.getSetCookie().find((c) => c.startsWith('ssg_web='))
  if (!web) return undefined
  const payload = web.split(';')[0]!.slice('ssg_web='.length).split('.')[1]!
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { minecraft?: { id: string; name: string; skin?: string } }).minecraft ?? null
}

/** Links `cookies`' user to the Microsoft user `email`; returns the sign-in page path and the final answer. */
async function link(cookies: string, email: string) {
  const started = await post('/minecraft/link', cookies, { agree: '1' })
  expect(started.status).toBe(303)
  const path = new URL(started.headers.get('location')!, server.origin).pathname
  expect(path).toMatch(/^\/accounts\/minecraft\/sign-in\/[0-9a-f]{32}$/)
  const waiting = await (await get(path, cookies)).text()
  const code = waiting.match(/data-testid="user-code"[^>]*>([^<]+)</)?.[1]?.trim()
  expect(code).toBe(standIn.lastUserCode())
  standIn.approve(code!, email)
  // The page checks at Microsoft once the interval it asked for has passed (5 s at the stand-in).
  for (let i = 0; i < 20; i++) {
    const res = await get(path, cookies)
    if (res.status === 303) return { path, done: res }
    await res.body?.cancel()
    await Bun.sleep(500)
  }
  throw new Error('the sign-in never finished')
}

/** The bytes of the database and its write-ahead log. */
const dbFiles = () =>
  ['skins.db', 'skins.db-wal']
    .map((f) => {
      try {
        return readFileSync(join(server.dataDir, f)).toString('latin1')
      } catch {
        return ''
      }
    })
    .join('')

/** A public gallery skin uploaded anonymously. */
async function gallerySkin(seed: number, variant: 'classic' | 'slim') {
  const form = new FormData()
  form.set('file', new File([paintedSkinPng(seed)], `wear-${seed}.png`, { type: 'image/png' }))
  form.set('variant', variant)
  form.set('name', `Wear ${seed}`)
  const res = await fetch(`${server.origin}/api/v2/generate`, { method: 'POST', body: form })
  const body = (await res.json()) as { skin: { uuid: string; texture: { hash: { skin: string } } } }
  return { uuid: body.skin.uuid, hash: body.skin.texture.hash.skin }
}

describe('wear it over HTTP, without JavaScript (docs/wear.md)', () => {
  let ada: string
  let player: { email: string; profileId: string | null }
  let signInPath: string
  const skins: { uuid: string; hash: string }[] = []

  test('link: consent first, then the device code; the web cookie then names the profile', async () => {
    ada = await signUp('ada-wears@example.test')
    const page = await (await get('/accounts/minecraft', ada)).text()
    expect(page).toContain('data-testid="minecraft-consent"')
    expect((await post('/minecraft/link', ada, {})).status).toBe(400)
    player = await standIn.addMicrosoftUser({ name: 'AdaWears' })
    const { path, done } = await link(ada, player.email)
    signInPath = path
    expect(done.headers.get('location')).toContain('/accounts/minecraft?')
    expect(minecraftClaim(done)).toEqual({ id: player.profileId!, name: 'AdaWears' })
    const linked = await (await get('/accounts/minecraft', ada)).text()
    expect(linked).toContain('data-testid="minecraft-name">AdaWears<')
  }, 30_000)

  test('a cross-site form post changes nothing', async () => {
    const skin = await gallerySkin(4201, 'slim')
    const before = standIn.changes.length
    const res = await post('/minecraft/wear', ada, { skin: skin.uuid }, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(standIn.changes.length).toBe(before)
    skins.push(skin)
  })

  test('wear a gallery skin: the profile shows its texture and arm model, the page its head', async () => {
    const skin = skins[0]!
    const res = await post('/minecraft/wear', ada, { skin: skin.uuid, back: `/de/skins/${skin.uuid}` })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('data-testid="wear-done"')
    expect(html).toContain(`href="${server.origin}/de/skins/${skin.uuid}"`)
    expect(standIn.profileOf(player.profileId!)?.skin).toMatchObject({ hash: skin.hash, variant: 'slim' })
    expect(html).toContain(`data-hash="${skin.hash}"`)
    // Opened again by its address, the answer's page leads to the account page.
    const again = await get('/accounts/minecraft/wear', ada)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toContain('/accounts/minecraft?')
    expect(minecraftClaim(res)).toEqual({ id: player.profileId!, name: 'AdaWears', skin: skin.hash })
  })

  test('a second skin by JSON, then wear again from the history', async () => {
    const second = await gallerySkin(4202, 'classic')
    const res = await post('/minecraft/wear', ada, { skin: second.uuid }, { accept: 'application/json' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, profile: { id: player.profileId, textureHash: second.hash, variant: 'classic' }, cape: null })
    const page = await (await get('/accounts/minecraft', ada)).text()
    const worn = [...page.matchAll(/data-testid="worn-skin" data-skin="([0-9a-f]{32})"/g)].map((m) => m[1])
    expect(worn).toEqual([second.uuid, skins[0]!.uuid])
    // "Wear again" is the same form with the skin's uuid.
    expect((await post('/minecraft/wear', ada, { skin: skins[0]!.uuid })).status).toBe(200)
    expect(standIn.profileOf(player.profileId!)?.skin).toMatchObject({ hash: skins[0]!.hash, variant: 'slim' })
  })

  test('another user cannot wear onto the link: 404, nothing sent to Minecraft', async () => {
    const bob = await signUp('bob-wears@example.test')
    const before = standIn.requests.length
    const json = await post('/minecraft/wear', bob, { skin: skins[0]!.uuid, profile: player.profileId! }, { accept: 'application/json' })
    expect(json.status).toBe(404)
    expect(((await json.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('not_linked')
    // Without JavaScript: to the link page, which then offers to wear this skin.
    const form = await post('/minecraft/wear', bob, { skin: skins[0]!.uuid })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toContain(`wear=${skins[0]!.uuid}`)
    // Ada's sign-in page is not Bob's.
    expect((await get(signInPath, bob)).status).toBe(404)
    expect(standIn.requests.length).toBe(before)
    // Signed out: to the sign-in, coming back to the skin.
    const anonymous = await fetch(`${server.origin}/accounts/minecraft/wear`, accountForm(server.origin, { skin: skins[0]!.uuid }))
    expect(anonymous.status).toBe(303)
    expect(decodeURIComponent(anonymous.headers.get('location')!)).toContain(`/skins/${skins[0]!.uuid}`)
  }, 30_000)

  test('a link whose sign-in Microsoft stopped accepting asks to sign in again', async () => {
    const cy = await signUp('cy-wears@example.test')
    const cyPlayer = await standIn.addMicrosoftUser({ name: 'CyWears' })
    standIn.minecraftTokenTtlS = 60 // expires within the renew-before-use window: renewed at the first wear
    await link(cy, cyPlayer.email)
    standIn.minecraftTokenTtlS = 86_400
    standIn.revokeRefreshTokens(cyPlayer.email)
    const res = await post('/minecraft/wear', cy, { skin: skins[0]!.uuid })
    expect(res.status).toBe(409)
    const html = await res.text()
    expect(html).toContain('data-error-code="link_needs_sign_in"')
    expect(html).toContain('/accounts/minecraft/link')
    expect(standIn.profileOf(cyPlayer.profileId!)?.skin).toBeUndefined()
    // Deleting the site account deletes the link, and its sealed tokens leave the database files.
    const before = new Database(join(server.dataDir, 'skins.db'), { readonly: true })
    const row = before.query('SELECT refresh_token, access_token FROM minecraft_links WHERE profile_id = ?').get(cyPlayer.profileId!) as { refresh_token: string; access_token: string }
    before.close()
    const deleted = await post('/manage/delete', cy, { confirm: 'cy-wears@example.test', current: 'wear it every day 2026' })
    expect(deleted.status).toBe(200)
    const db = new Database(join(server.dataDir, 'skins.db'), { readonly: true })
    expect(db.query('SELECT count(*) AS n FROM minecraft_links WHERE profile_id = ?').get(cyPlayer.profileId!)).toEqual({ n: 0 })
    db.close()
    const files = dbFiles()
    for (const sealed of [row.refresh_token, row.access_token]) expect(files.includes(sealed.slice(3, 40))).toBe(false)
  }, 30_000)

  test('unlink deletes the sealed tokens from the database files at once', async () => {
    const db = new Database(join(server.dataDir, 'skins.db'), { readonly: true })
    const row = db.query('SELECT refresh_token, access_token FROM minecraft_links WHERE profile_name = ?').get('AdaWears') as { refresh_token: string; access_token: string }
    db.close()
    expect(row.refresh_token).toStartWith('g1.')
    const res = await post('/minecraft/unlink', ada, { confirm: '1' })
    expect(res.status).toBe(303)
    expect(minecraftClaim(res)).toBeNull()
    const files = dbFiles()
    for (const sealed of [row.refresh_token, row.access_token]) expect(files.includes(sealed.slice(3, 40))).toBe(false)
    expect(await (await get('/accounts/minecraft', ada)).text()).toContain('data-testid="minecraft-consent"')
  })
})

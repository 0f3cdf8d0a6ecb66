/**
 * The sign-in chain against the Microsoft stand-in: both device-code flows end to end, refresh-token
 * rotation, and every failure with its own code — and never a token in a message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../../test/support/microsoft-stand-in'
import { signInToMinecraft } from './chain'
import { pollDeviceCode, refreshMsaTokens, startDeviceCode } from './device-code'
import { PoolSignInError, XERR_CODES, type SignInErrorCode } from './errors'
import type { MicrosoftAuthConfig, MicrosoftFlow } from './types'
import { makeSkinPng } from '../../../image/fixtures'

let ms: MicrosoftStandIn
const clock = { now: Date.UTC(2026, 10, 25, 12) }
beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => clock.now, accounts: 0 })
})
afterAll(() => ms.stop())

const cfg = (flow: MicrosoftFlow = 'live', hosts: Partial<MicrosoftAuthConfig['hosts']> = {}): MicrosoftAuthConfig => ({
  flow,
  clientId: flow === 'live' ? '00000000441cc96b' : 'azure-app-id',
  tenant: 'consumers',
  hosts: { ...ms.hosts, ...hosts },
  timeoutMs: 2000,
})

/** A finished device-code sign-in's MSA tokens for `email`. */
async function msaFor(email: string, flow: MicrosoftFlow = 'live') {
  const code = await startDeviceCode(cfg(flow))
  ms.approve(code.userCode, email)
  clock.now += code.interval * 1000
  const poll = await pollDeviceCode(cfg(flow), code.deviceCode, clock.now)
  if (poll.status !== 'done') throw new Error(`poll ${poll.status}`)
  return poll.tokens
}

/** Every token the stand-in hands out starts with one of these prefixes. */
const TOKEN_SHAPE = /(rt|msa|dc|mc|xbl|xsts)-[0-9a-f]{8}/

/** The PoolSignInError `p` rejects with; neither its message nor its detail may hold a token. */
async function failureOf(p: Promise<unknown>, secrets: string[] = []): Promise<PoolSignInError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(PoolSignInError)
    const { message, detail } = e as PoolSignInError
    for (const text of [message, detail ?? '']) {
      expect(text).not.toMatch(TOKEN_SHAPE)
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
    return e as PoolSignInError
  }
  throw new Error('did not fail')
}
const codeOf = async (p: Promise<unknown>, secrets: string[] = []): Promise<SignInErrorCode> => (await failureOf(p, secrets)).code

/** A fetch that answers `answer()` for URLs ending in `suffix` and passes the rest to the stand-in. */
const answering = (suffix: string, answer: (init?: RequestInit) => Promise<Response> | Response): typeof fetch =>
  (async (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith(suffix) ? answer(init) : fetch(input, init))) as typeof fetch

describe('device code flows', () => {
  for (const flow of ['live', 'msal'] as const) {
    test(`${flow}: pending, slow_down, then tokens; the chain ends with the profile and a token the services host accepts`, async () => {
      const user = await ms.addMicrosoftUser({ name: `Flow${flow}` })
      const code = await startDeviceCode(cfg(flow))
      expect(code).toMatchObject({ interval: 5, expiresIn: 900 })
      expect(code.verificationUri).toStartWith(ms.hosts[flow])
      clock.now += 5000
      expect(await pollDeviceCode(cfg(flow), code.deviceCode, clock.now)).toEqual({ status: 'pending' })
      expect(await pollDeviceCode(cfg(flow), code.deviceCode, clock.now)).toEqual({ status: 'slow_down' })
      ms.approve(code.userCode, user.email)
      clock.now += 10_000
      const done = await pollDeviceCode(cfg(flow), code.deviceCode, clock.now)
      if (done.status !== 'done') throw new Error('not done')
      expect(done.tokens.expiresAt).toBe(clock.now + 3_600_000)
      const session = await signInToMinecraft(cfg(flow), done.tokens.accessToken, clock.now)
      expect(session.profile).toEqual({ id: user.profileId!, name: `Flow${flow}`, capes: [] })
      expect(session.expiresAt).toBe(clock.now + 86_400_000)
      const profile = await fetch(`${ms.servicesBase}/minecraft/profile`, { headers: { authorization: `Bearer ${session.accessToken}` } })
      expect(((await profile.json()) as { name: string }).name).toBe(`Flow${flow}`)
      // A device code works once.
      expect(await codeOf(pollDeviceCode(cfg(flow), code.deviceCode, clock.now))).toBe('sign_in_expired')
    })
  }

  test('a declined request and an expired code', async () => {
    const declined = await startDeviceCode(cfg())
    ms.decline(declined.userCode)
    expect(await codeOf(pollDeviceCode(cfg(), declined.deviceCode, clock.now))).toBe('sign_in_declined')
    const late = await startDeviceCode(cfg('msal'))
    clock.now += 901_000
    expect(await codeOf(pollDeviceCode(cfg('msal'), late.deviceCode, clock.now))).toBe('sign_in_expired')
  })

  test('refresh rotates the refresh token; the spent one and a revoked one are refused as sign_in_revoked', async () => {
    const user = await ms.addMicrosoftUser()
    const first = await msaFor(user.email)
    const second = await refreshMsaTokens(cfg(), first.refreshToken, clock.now)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(await codeOf(refreshMsaTokens(cfg(), first.refreshToken, clock.now))).toBe('sign_in_revoked')
    expect((await signInToMinecraft(cfg(), second.accessToken, clock.now)).profile.id).toBe(user.profileId!)
    ms.revokeRefreshTokens(user.email)
    expect(await codeOf(refreshMsaTokens(cfg(), second.refreshToken, clock.now))).toBe('sign_in_revoked')
  })
})

describe('each failure has its own code', () => {
  test('every known XSTS XErr, and an unknown one', async () => {
    for (const [xerr, code] of [...Object.entries(XERR_CODES), ['2148916999', 'xbox_refused']] as const) {
      const user = await ms.addMicrosoftUser({ xerr: Number(xerr) })
      expect(await codeOf(signInToMinecraft(cfg(), (await msaFor(user.email)).accessToken, clock.now))).toBe(code)
    }
  })

  test('no Minecraft, and Minecraft without a profile', async () => {
    const none = await ms.addMicrosoftUser({ ownsMinecraft: false, hasProfile: false })
    expect(await codeOf(signInToMinecraft(cfg(), (await msaFor(none.email)).accessToken, clock.now))).toBe('no_minecraft_ownership')
    const noName = await ms.addMicrosoftUser({ ownsMinecraft: true, hasProfile: false })
    expect(await codeOf(signInToMinecraft(cfg(), (await msaFor(noName.email)).accessToken, clock.now))).toBe('no_minecraft_profile')
  })

  test('a 429 at each host', async () => {
    const user = await ms.addMicrosoftUser()
    for (const host of ['live', 'xboxUser', 'xsts', 'services'] as const) {
      const msa = await msaFor(user.email)
      ms.setHostRateLimited(host, true)
      const attempt = host === 'live' ? startDeviceCode(cfg()) : signInToMinecraft(cfg(), msa.accessToken, clock.now)
      expect(await codeOf(attempt)).toBe('sign_in_rate_limited')
      ms.setHostRateLimited(host, false)
    }
    ms.setHostRateLimited('msal', true)
    expect(await codeOf(startDeviceCode(cfg('msal')))).toBe('sign_in_rate_limited')
    ms.setHostRateLimited('msal', false)
  })

  test('a host that is down (closed port), and one that answers a plain-text page', async () => {
    expect(await codeOf(startDeviceCode(cfg('live', { live: 'http://127.0.0.1:9/live' })))).toBe('sign_in_unavailable')
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email)
    // The stand-in's texture host answers plain text for an unknown path.
    expect(await codeOf(signInToMinecraft(cfg('live', { xboxUser: `${ms.texturesBase}/texture/nothing` }), msa.accessToken, clock.now))).toBe('sign_in_unavailable')
  })

  test('login_with_xbox refusing the app', async () => {
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email)
    const refusing = answering('/authentication/login_with_xbox', () => Response.json({ path: '/authentication/login_with_xbox', errorMessage: 'Invalid app registration' }, { status: 403 }))
    expect(await codeOf(signInToMinecraft({ ...cfg(), fetch: refusing }, msa.accessToken, clock.now), [msa.accessToken])).toBe('minecraft_app_not_approved')
  })

  test('a 5xx, a 200 that is not JSON, and a host that never answers are sign_in_unavailable, named by step and host', async () => {
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email)
    const down = answering('/xsts/authorize', () => new Response('<html>Service Unavailable</html>', { status: 503 }))
    const host = new URL(ms.origin).host
    const busy = await failureOf(signInToMinecraft({ ...cfg(), fetch: down }, msa.accessToken, clock.now), [msa.accessToken])
    expect({ code: busy.code, detail: busy.detail }).toEqual({ code: 'sign_in_unavailable', detail: `Xbox XSTS at ${host}: HTTP 503` })
    const html = answering('/minecraft/profile', () => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }))
    const garbled = await failureOf(signInToMinecraft({ ...cfg(), fetch: html }, msa.accessToken, clock.now))
    expect({ code: garbled.code, detail: garbled.detail }).toEqual({ code: 'sign_in_unavailable', detail: `Minecraft profile at ${host}: unexpected answer (HTTP 200)` })
    const silent = answering('/user/authenticate', (init) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))))
    const late = await failureOf(signInToMinecraft({ ...cfg(), timeoutMs: 20, fetch: silent }, msa.accessToken, clock.now))
    expect({ code: late.code, detail: late.detail }).toEqual({ code: 'sign_in_unavailable', detail: `Xbox Live sign-in at ${host}: no answer within 20 ms` })
  })

  test('an MSAL token sent as a Live ticket is a request built wrong, not a revoked sign-in', async () => {
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email, 'msal')
    expect(await codeOf(signInToMinecraft(cfg('live'), msa.accessToken, clock.now), [msa.accessToken])).toBe('sign_in_unavailable')
    expect((await signInToMinecraft(cfg('msal'), msa.accessToken, clock.now)).profile.id).toBe(user.profileId!)
  })
})

describe('what the chain keeps', () => {
  test('a Game Pass account lists no entitlements yet has a profile: it signs in', async () => {
    const user = await ms.addMicrosoftUser({ ownsMinecraft: false, hasProfile: true, name: 'GamePass' })
    const session = await signInToMinecraft(cfg(), (await msaFor(user.email)).accessToken, clock.now)
    expect(session.profile).toMatchObject({ id: user.profileId!, name: 'GamePass' })
  })

  test('the active skin (variant lower-cased), the cape ids and a dashed upper-case id normalised', async () => {
    const user = await ms.addMicrosoftUser({ skinPng: makeSkinPng(7) })
    const msa = await msaFor(user.email)
    const session = await signInToMinecraft(cfg(), msa.accessToken, clock.now)
    expect(session.profile.skin).toEqual({ url: ms.skinUrl(user.profileId!)!, variant: 'classic' })
    const dashed = user.profileId!.toUpperCase().replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
    const profile = answering('/minecraft/profile', () =>
      Response.json({
        id: dashed,
        name: 'Caped',
        skins: [
          { id: 'a', state: 'INACTIVE', url: 'http://textures.example/old', variant: 'CLASSIC' },
          { id: 'b', state: 'ACTIVE', url: 'http://textures.example/new', variant: 'SLIM' },
        ],
        capes: [{ id: 'cape-1', state: 'ACTIVE', url: 'http://textures.example/cape', alias: 'Migrator' }, { id: 'cape-2', state: 'INACTIVE' }],
      }),
    )
    expect((await signInToMinecraft({ ...cfg(), fetch: profile }, msa.accessToken, clock.now)).profile).toEqual({
      id: user.profileId!,
      name: 'Caped',
      skin: { url: 'http://textures.example/new', variant: 'slim' },
      capes: ['cape-1', 'cape-2'],
    })
  })

  test('the Azure app secret goes with MSAL requests only', async () => {
    const bodies: string[] = []
    const spy = (async (input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(String(init?.body ?? ''))
      return fetch(input, init)
    }) as typeof fetch
    for (const flow of ['live', 'msal'] as const) {
      const code = await startDeviceCode({ ...cfg(flow), clientSecret: 'app-secret' })
      await pollDeviceCode({ ...cfg(flow), clientSecret: 'app-secret', fetch: spy }, code.deviceCode, clock.now)
    }
    expect(bodies.map((b) => new URLSearchParams(b).get('client_secret'))).toEqual([null, 'app-secret'])
  })
})

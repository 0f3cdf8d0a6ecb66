/**
 * The sign-in chain against the Microsoft stand-in: both device-code flows end to end, refresh-token
 * rotation, and every failure with its own code — and never a token in a message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../test/support/microsoft-stand-in'
import { signInToMinecraft } from './chain'
import { pollDeviceCode, refreshMsaTokens, startDeviceCode } from './device-code'
import { PoolSignInError, XERR_CODES, type SignInErrorCode } from './errors'
import type { MicrosoftAuthConfig, MicrosoftFlow } from './types'

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

/** The code of the PoolSignInError `p` rejects with (and its message holds no token). */
async function codeOf(p: Promise<unknown>): Promise<SignInErrorCode> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(PoolSignInError)
    expect((e as Error).message).not.toMatch(/(rt|msa|dc|mc|xbl|xsts)-[0-9a-f]{8}/)
    return (e as PoolSignInError).code
  }
  throw new Error('did not fail')
}

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

  test('a host that is down, and one that answers something that is not JSON', async () => {
    expect(await codeOf(startDeviceCode(cfg('live', { live: 'http://127.0.0.1:9/live' })))).toBe('sign_in_unavailable')
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email)
    // The stand-in's texture host answers plain text for an unknown path.
    expect(await codeOf(signInToMinecraft(cfg('live', { xboxUser: `${ms.texturesBase}/texture/nothing` }), msa.accessToken, clock.now))).toBe('sign_in_unavailable')
  })

  test('login_with_xbox refusing the app', async () => {
    const user = await ms.addMicrosoftUser()
    const msa = await msaFor(user.email)
    const refusing: typeof fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/authentication/login_with_xbox') ? Response.json({ path: '/authentication/login_with_xbox', errorMessage: 'Invalid app registration' }, { status: 403 }) : fetch(input, init)) as typeof fetch
    expect(await codeOf(signInToMinecraft({ ...cfg(), fetch: refusing }, msa.accessToken, clock.now))).toBe('minecraft_app_not_approved')
  })
})

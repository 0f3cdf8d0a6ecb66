/**
 * The Microsoft stand-in's own knobs and refusals, over raw HTTP (the happy paths and each error code
 * are driven by the real client in src/api/signing/pool/microsoft/chain.test.ts): wrong fields answer 400 as
 * Microsoft's hosts do, expiries follow the injected clock, and the Mojang paths it shares an origin
 * with see its tokens.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { startMicrosoftStandIn, type MicrosoftStandIn } from './microsoft-stand-in'

let ms: MicrosoftStandIn
const clock = { now: Date.UTC(2026, 10, 25, 12) }
beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => clock.now, accounts: 0 })
})
afterAll(() => ms.stop())

const LIVE = { client_id: '00000000441cc96b', scope: 'service::user.auth.xboxlive.com::MBI_SSL' }
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'
const form = (url: string, fields: Record<string, string>) => fetch(url, { method: 'POST', body: new URLSearchParams(fields) })
const post = (url: string, body: unknown, headers: Record<string, string> = { 'x-xbl-contract-version': '1' }) =>
  fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } })
const bearer = (url: string, token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } })
const errorOf = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error })

/** A Live device-code sign-in for `email`, by hand: the MSA tokens. */
async function liveTokens(email: string) {
  const code = (await (await form(`${ms.hosts.live}/oauth20_connect.srf`, { ...LIVE, response_type: 'device_code' })).json()) as { device_code: string; user_code: string }
  ms.approve(code.user_code, email)
  clock.now += 5000
  return (await (await form(`${ms.hosts.live}/oauth20_token.srf`, { client_id: LIVE.client_id, device_code: code.device_code, grant_type: DEVICE_GRANT })).json()) as { access_token: string; refresh_token: string }
}
const userBody = (ticket: string) => ({ Properties: { AuthMethod: 'RPS', SiteName: 'user.auth.xboxlive.com', RpsTicket: ticket }, RelyingParty: 'http://auth.xboxlive.com', TokenType: 'JWT' })
const xstsBody = (xbl: string, rp = 'rp://api.minecraftservices.com/') => ({ Properties: { SandboxId: 'RETAIL', UserTokens: [xbl] }, RelyingParty: rp, TokenType: 'JWT' })

/** XBL → XSTS → login_with_xbox by hand for a fresh Live sign-in: the Minecraft token. */
async function minecraftToken(email: string) {
  const msa = await liveTokens(email)
  const xbl = (await (await post(`${ms.hosts.xboxUser}/user/authenticate`, userBody(`t=${msa.access_token}`))).json()) as { Token: string; DisplayClaims: { xui: [{ uhs: string }] } }
  const xsts = (await (await post(`${ms.hosts.xsts}/xsts/authorize`, xstsBody(xbl.Token))).json()) as { Token: string }
  const login = await post(`${ms.hosts.services}/authentication/login_with_xbox`, { identityToken: `XBL3.0 x=${xbl.DisplayClaims.xui[0].uhs};${xsts.Token}` }, {})
  return ((await login.json()) as { access_token: string }).access_token
}

describe('Microsoft stand-in', () => {
  test('env points every host at the one origin', () => {
    expect(ms.env).toEqual({
      MICROSOFT_LIVE_BASE: `${ms.origin}/live`,
      MICROSOFT_MSAL_BASE: `${ms.origin}/msal`,
      XBOX_USER_BASE: `${ms.origin}/xbox-user`,
      XBOX_XSTS_BASE: `${ms.origin}/xsts`,
      MOJANG_API_BASE: ms.apiBase,
      MOJANG_SESSION_BASE: ms.sessionBase,
      MOJANG_SERVICES_BASE: ms.servicesBase,
      MOJANG_TEXTURES_BASE: ms.texturesBase,
      MOJANG_SIGNATURE_KEY: ms.publicKeyPem,
    })
    expect(ms.hosts.services).toBe(ms.servicesBase)
  })

  test('device-code and token endpoints refuse a wrong client id, scope, response type, grant type or tenant with 400', async () => {
    const connect = `${ms.hosts.live}/oauth20_connect.srf`
    expect(await errorOf(await form(connect, { scope: LIVE.scope, response_type: 'device_code' }))).toEqual({ status: 400, error: 'invalid_client' })
    expect(await errorOf(await form(connect, { ...LIVE, scope: 'XboxLive.signin offline_access', response_type: 'device_code' }))).toEqual({ status: 400, error: 'invalid_scope' })
    expect(await errorOf(await form(connect, LIVE))).toEqual({ status: 400, error: 'unsupported_response_type' })
    const code = (await (await form(connect, { ...LIVE, response_type: 'device_code' })).json()) as { device_code: string; user_code: string }
    expect(ms.lastUserCode()).toBe(code.user_code)
    const token = `${ms.hosts.live}/oauth20_token.srf`
    expect(await errorOf(await form(token, { client_id: LIVE.client_id, device_code: code.device_code, grant_type: 'password' }))).toEqual({ status: 400, error: 'unsupported_grant_type' })
    expect(await errorOf(await form(token, { client_id: 'someone-else', device_code: code.device_code, grant_type: DEVICE_GRANT }))).toEqual({ status: 400, error: 'invalid_client' })
    // A Live device code is not valid at the MSAL endpoint, and MSAL needs the consumers tenant.
    const msal = (tenant: string) => `${ms.hosts.msal}/${tenant}/oauth2/v2.0/token`
    expect(await errorOf(await form(msal('consumers'), { client_id: LIVE.client_id, device_code: code.device_code, grant_type: DEVICE_GRANT }))).toEqual({ status: 400, error: 'bad_verification_code' })
    expect(await errorOf(await form(`${ms.hosts.msal}/common/oauth2/v2.0/devicecode`, { client_id: 'app', scope: 'XboxLive.signin offline_access' }))).toEqual({ status: 400, error: 'invalid_request' })
    const user = await ms.addMicrosoftUser()
    const msa = await liveTokens(user.email)
    expect(await errorOf(await form(token, { client_id: LIVE.client_id, refresh_token: msa.refresh_token, grant_type: 'refresh_token', scope: 'openid' }))).toEqual({ status: 400, error: 'invalid_scope' })
    expect(await errorOf(await form(token, { client_id: 'someone-else', refresh_token: msa.refresh_token, grant_type: 'refresh_token', scope: LIVE.scope }))).toEqual({ status: 400, error: 'invalid_grant' })
  })

  test('Xbox hosts refuse a wrong ticket prefix, relying party or missing contract header with 400; an unknown token with 401', async () => {
    const user = await ms.addMicrosoftUser()
    const msa = await liveTokens(user.email)
    const authenticate = `${ms.hosts.xboxUser}/user/authenticate`
    expect((await post(authenticate, userBody(`d=${msa.access_token}`))).status).toBe(400)
    expect((await post(authenticate, userBody(msa.access_token))).status).toBe(400)
    expect((await post(authenticate, userBody(`t=${msa.access_token}`), {})).status).toBe(400)
    expect((await post(authenticate, userBody('t=msa-unknown'))).status).toBe(401)
    const xbl = (await (await post(authenticate, userBody(`t=${msa.access_token}`))).json()) as { Token: string }
    expect((await post(`${ms.hosts.xsts}/xsts/authorize`, xstsBody(xbl.Token, 'http://xboxlive.com'))).status).toBe(400)
    expect((await post(`${ms.hosts.xsts}/xsts/authorize`, xstsBody('xbl-unknown'))).status).toBe(401)
    // The MSA access token lives an hour by the stand-in's clock.
    clock.now += 3_600_000
    expect((await post(authenticate, userBody(`t=${msa.access_token}`))).status).toBe(401)
  })

  test('setXErr answers the documented XSTS refusal until cleared; counts follow each step', async () => {
    const user = await ms.addMicrosoftUser()
    const before = { ...ms.counts }
    ms.setXErr(user.email, 2148916233)
    const msa = await liveTokens(user.email)
    const xbl = (await (await post(`${ms.hosts.xboxUser}/user/authenticate`, userBody(`t=${msa.access_token}`))).json()) as { Token: string }
    const refused = await post(`${ms.hosts.xsts}/xsts/authorize`, xstsBody(xbl.Token))
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ Identity: '0', XErr: 2148916233, Message: '', Redirect: expect.any(String) })
    ms.setXErr(user.email, null)
    const token = await minecraftToken(user.email)
    expect((await bearer(`${ms.servicesBase}/minecraft/profile`, token)).status).toBe(200)
    expect(ms.counts).toEqual({ ...before, deviceCodes: before.deviceCodes + 2, polls: before.polls + 2, xbl: before.xbl + 2, xsts: before.xsts + 2, loginWithXbox: before.loginWithXbox + 1, profile: before.profile + 1 })
  })

  test('setOwnership changes the entitlements; a user without a profile gets 404 from the profile', async () => {
    const user = await ms.addMicrosoftUser({ ownsMinecraft: true, hasProfile: false })
    const token = await minecraftToken(user.email)
    const items = async () => ((await (await bearer(`${ms.servicesBase}/entitlements/mcstore`, token)).json()) as { items: { name: string }[] }).items.map((i) => i.name)
    expect(await items()).toEqual(['product_minecraft', 'game_minecraft'])
    ms.setOwnership(user.email, false)
    expect(await items()).toEqual([])
    const profile = await bearer(`${ms.servicesBase}/minecraft/profile`, token)
    expect(profile.status).toBe(404)
    expect(await profile.json()).toMatchObject({ path: '/services/minecraft/profile', errorMessage: expect.any(String) })
  })

  test('minted Minecraft tokens expire by the clock after minecraftTokenTtlS, on every services path', async () => {
    const user = await ms.addMicrosoftUser()
    ms.minecraftTokenTtlS = 60
    const token = await minecraftToken(user.email)
    ms.minecraftTokenTtlS = 86_400
    expect((await bearer(`${ms.servicesBase}/minecraft/profile`, token)).status).toBe(200)
    clock.now += 60_000
    expect((await bearer(`${ms.servicesBase}/minecraft/profile`, token)).status).toBe(401)
    expect((await bearer(`${ms.servicesBase}/entitlements/mcstore`, token)).status).toBe(401)
    const upload = new FormData()
    upload.set('variant', 'classic')
    upload.set('file', new Blob([makeSkinPng(8) as Uint8Array<ArrayBuffer>], { type: 'image/png' }))
    expect((await fetch(`${ms.servicesBase}/minecraft/profile/skins`, { method: 'POST', body: upload, headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
  })

  test('a rate-limited services host answers 429 on the Mojang paths too', async () => {
    const user = await ms.addMicrosoftUser()
    const token = await minecraftToken(user.email)
    ms.setHostRateLimited('services', true)
    expect((await bearer(`${ms.servicesBase}/minecraft/profile`, token)).status).toBe(429)
    ms.setHostRateLimited('services', false)
    expect((await bearer(`${ms.servicesBase}/minecraft/profile`, token)).status).toBe(200)
  })

  test('a skin set from one of the stand-in\'s own texture URLs (restoring an owner\'s skin); any other URL is 400', async () => {
    const owner = await ms.addMicrosoftUser({ skinPng: makeSkinPng(9) })
    const own = ms.skinUrl(owner.profileId!)!
    const user = await ms.addMicrosoftUser()
    const token = ms.issueToken(user.profileId!, clock.now + 60_000)
    const setSkin = (body: unknown) =>
      fetch(`${ms.servicesBase}/minecraft/profile/skins`, { method: 'POST', body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
    const res = await setSkin({ variant: 'slim', url: own })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { skins: unknown[] }).skins).toEqual([expect.objectContaining({ state: 'ACTIVE', url: own, variant: 'SLIM' })])
    expect(ms.skinUrl(user.profileId!)).toBe(own)
    expect((await setSkin({ variant: 'classic', url: 'https://textures.minecraft.net/texture/abc' })).status).toBe(400)
    expect((await setSkin({ variant: 'classic', url: `${ms.texturesBase}/texture/${'f'.repeat(64)}` })).status).toBe(400)
    expect((await setSkin({ variant: 'wide', url: own })).status).toBe(400)
  })

  test('a signed-in user\'s player can be granted a cape and show it with the minted token; a rate-limited services host answers 429 for capes', async () => {
    const user = await ms.addMicrosoftUser({ skinPng: makeSkinPng(10) })
    const cape = await ms.grantCape(user.profileId!, { alias: 'Migrator' })
    const token = await minecraftToken(user.email)
    const capes = (method: 'PUT' | 'DELETE') =>
      fetch(`${ms.servicesBase}/minecraft/profile/capes/active`, {
        method,
        ...(method === 'PUT' ? { body: JSON.stringify({ capeId: cape.id }) } : {}),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
    const listed = (await (await bearer(`${ms.servicesBase}/minecraft/profile`, token)).json()) as { id: string; capes: unknown[] }
    expect(listed).toMatchObject({ id: user.profileId, capes: [{ id: cape.id, state: 'INACTIVE', url: cape.url, alias: 'Migrator' }] })
    ms.setHostRateLimited('services', true)
    expect((await capes('PUT')).status).toBe(429)
    expect((await capes('DELETE')).status).toBe(429)
    ms.setHostRateLimited('services', false)
    expect(ms.profileOf(user.profileId!)?.activeCape).toBeUndefined()
    const shown = await capes('PUT')
    expect(shown.status).toBe(200)
    expect(((await shown.json()) as { capes: unknown[] }).capes).toEqual([{ id: cape.id, state: 'ACTIVE', url: cape.url, alias: 'Migrator' }])
    expect(ms.profileOf(user.profileId!)).toEqual({ skin: expect.objectContaining({ url: ms.skinUrl(user.profileId!) }), activeCape: cape.id })
    expect((await capes('DELETE')).status).toBe(200)
    expect(ms.profileOf(user.profileId!)?.activeCape).toBeUndefined()
  })

  test('a user without a profile gets 404 from the cape paths as from the profile', async () => {
    const user = await ms.addMicrosoftUser({ ownsMinecraft: true, hasProfile: false })
    const token = await minecraftToken(user.email)
    const put = await fetch(`${ms.servicesBase}/minecraft/profile/capes/active`, {
      method: 'PUT',
      body: JSON.stringify({ capeId: crypto.randomUUID() }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    expect(put.status).toBe(404)
    expect(await put.json()).toMatchObject({ path: '/services/minecraft/profile/capes/active', error: 'NOT_FOUND' })
    expect((await fetch(`${ms.servicesBase}/minecraft/profile/capes/active`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(404)
  })
})

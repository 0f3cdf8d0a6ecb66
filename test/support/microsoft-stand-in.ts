/**
 * A local stand-in for every host of the Microsoft → Minecraft sign-in chain (issue 20 "How it is
 * checked"; shapes from reference account-pool.md §2), mounted on the Mojang stand-in's origin so the
 * Minecraft tokens it mints are the ones the skin upload and session hosts accept:
 * - login.live.com             `/live/oauth20_connect.srf` (device code), `/live/oauth20_token.srf` (poll, refresh)
 * - login.microsoftonline.com  `/msal/{tenant}/oauth2/v2.0/devicecode`, `/msal/{tenant}/oauth2/v2.0/token`
 * - user.auth.xboxlive.com     `/xbox-user/user/authenticate`
 * - xsts.auth.xboxlive.com     `/xsts/xsts/authorize` (401 with `XErr` when set for the user)
 * - api.minecraftservices.com  `/services/authentication/login_with_xbox`, `/services/entitlements/mcstore`
 *                              (`/services/minecraft/profile` and skin uploads are the Mojang stand-in's)
 * Every expiry follows the stand-in's clock, so tests move time instead of sleeping. Refresh tokens
 * rotate: a used one answers `invalid_grant`, like Microsoft's.
 * @module
 */
import type { MicrosoftHosts } from '../../src/api/pool/microsoft/types'
import { startMojangStandIn, type MojangStandIn, type MojangStandInOptions } from './mojang-stand-in'

/** A running Microsoft stand-in (with the Mojang stand-in it extends). */
export interface MicrosoftStandIn extends MojangStandIn {
  /** Base URLs for MicrosoftAuthConfig.hosts. */
  hosts: MicrosoftHosts
  /** Env vars that point the app at this stand-in (Microsoft, Xbox and Mojang hosts). */
  env: Record<string, string>
  /** A Microsoft user; by default it owns Minecraft and has a new profile named `name`. */
  addMicrosoftUser(opts?: { name?: string; ownsMinecraft?: boolean; hasProfile?: boolean; xerr?: number; skinPng?: Uint8Array }): Promise<{ email: string; profileId: string | null; name: string | null }>
  /** What a person does on the verification page: approve the code as that user, or decline it. */
  approve(userCode: string, email: string): void
  decline(userCode: string): void
  /** The newest user code handed out. */
  lastUserCode(): string | undefined
  setXErr(email: string, xerr: number | null): void
  setOwnership(email: string, owns: boolean): void
  /** While on, every request to that host answers 429. */
  setHostRateLimited(host: keyof MicrosoftHosts, on: boolean): void
  /** Every refresh token of this user stops working (invalid_grant). */
  revokeRefreshTokens(email: string): void
  /** Lifetime in seconds of the Minecraft tokens login_with_xbox mints (default 86 400). */
  minecraftTokenTtlS: number
  /** How often each step ran. */
  counts: { deviceCodes: number; polls: number; refreshes: number; xbl: number; xsts: number; loginWithXbox: number }
}

interface MsUser {
  email: string
  profileId: string | null
  name: string | null
  owns: boolean
  xerr: number | null
}

interface DeviceGrant {
  deviceCode: string
  userCode: string
  flow: 'live' | 'msal'
  clientId: string
  expiresAt: number
  lastPoll: number
  state: 'pending' | 'approved' | 'declined' | 'used'
  email?: string
}

const LIVE_SCOPE = 'service::user.auth.xboxlive.com::MBI_SSL'
const MSAL_SCOPE = 'XboxLive.signin offline_access'
const INTERVAL_S = 5
const rand = () => crypto.randomUUID().replaceAll('-', '')
const json = (body: unknown, status = 200) => Response.json(body, { status })
const oauthError = (error: string, status = 400) => json({ error, error_description: `${error} (stand-in)` }, status)

/** Starts the Mojang stand-in with the Microsoft hosts mounted on it. */
export async function startMicrosoftStandIn(opts: MojangStandInOptions = {}): Promise<MicrosoftStandIn> {
  const now = opts.now ?? Date.now
  const users = new Map<string, MsUser>()
  const grants = new Map<string, DeviceGrant>()
  const byUserCode = new Map<string, DeviceGrant>()
  /** Live tokens by kind → email. */
  const msaTokens = new Map<string, { email: string; expiresAt: number }>()
  const refreshTokens = new Map<string, string>()
  const xblTokens = new Map<string, string>()
  const xstsTokens = new Map<string, string>()
  const limited = new Set<keyof MicrosoftHosts>()
  const counts = { deviceCodes: 0, polls: 0, refreshes: 0, xbl: 0, xsts: 0, loginWithXbox: 0 }
  /** The player each minted Minecraft token belongs to (for the entitlements answer). */
  const tokenOwners = new Map<string, string>()
  let lastUserCode: string | undefined
  let mojang: MojangStandIn
  const self = { minecraftTokenTtlS: 86_400 }

  const issueMsa = (email: string) => {
    const access = `msa-${rand()}`
    const refresh = `rt-${rand()}`
    msaTokens.set(access, { email, expiresAt: now() + 3_600_000 })
    refreshTokens.set(refresh, email)
    return { token_type: 'bearer', scope: 'x', access_token: access, refresh_token: refresh, expires_in: 3600 }
  }

  async function tokenEndpoint(form: URLSearchParams, flow: 'live' | 'msal', tenantOk: boolean) {
    if (!tenantOk) return oauthError('invalid_request')
    const grant = form.get('grant_type')
    if (grant === 'refresh_token') {
      counts.refreshes++
      const scope = form.get('scope')
      if (scope !== (flow === 'live' ? LIVE_SCOPE : MSAL_SCOPE)) return oauthError('invalid_scope')
      const email = refreshTokens.get(form.get('refresh_token') ?? '')
      if (!email) return oauthError('invalid_grant')
      refreshTokens.delete(form.get('refresh_token')!)
      return json(issueMsa(email))
    }
    if (grant !== 'urn:ietf:params:oauth:grant-type:device_code') return oauthError('unsupported_grant_type')
    counts.polls++
    const g = grants.get(form.get('device_code') ?? '')
    if (!g || g.flow !== flow || g.clientId !== form.get('client_id')) return oauthError('bad_verification_code')
    if (now() >= g.expiresAt || g.state === 'used') return oauthError('expired_token')
    if (g.state === 'declined') return oauthError(flow === 'live' ? 'access_denied' : 'authorization_declined')
    if (g.state === 'pending') {
      const tooSoon = now() - g.lastPoll < INTERVAL_S * 1000
      g.lastPoll = now()
      return oauthError(tooSoon ? 'slow_down' : 'authorization_pending')
    }
    g.state = 'used'
    return json(issueMsa(g.email!))
  }

  function deviceCode(form: URLSearchParams, flow: 'live' | 'msal') {
    if (!form.get('client_id')) return oauthError('invalid_client')
    if (form.get('scope') !== (flow === 'live' ? LIVE_SCOPE : MSAL_SCOPE)) return oauthError('invalid_scope')
    if (flow === 'live' && form.get('response_type') !== 'device_code') return oauthError('unsupported_response_type')
    counts.deviceCodes++
    const g: DeviceGrant = {
      deviceCode: `dc-${rand()}`,
      userCode: rand().slice(0, 8).toUpperCase(),
      flow,
      clientId: form.get('client_id')!,
      expiresAt: now() + 900_000,
      lastPoll: 0,
      state: 'pending',
    }
    grants.set(g.deviceCode, g)
    byUserCode.set(g.userCode, g)
    lastUserCode = g.userCode
    const verification = flow === 'live' ? 'https://www.microsoft.com/link' : 'https://microsoft.com/devicelogin'
    return json({ device_code: g.deviceCode, user_code: g.userCode, verification_uri: `${mojang.origin}/${flow}/verify?real=${encodeURIComponent(verification)}`, expires_in: 900, interval: INTERVAL_S, message: 'stand-in' })
  }

  const xboxAnswer = (token: string, uhs: string) => ({ IssueInstant: new Date(now()).toISOString(), NotAfter: new Date(now() + 86_400_000).toISOString(), Token: token, DisplayClaims: { xui: [{ uhs }] } })

  async function routes(req: Request, url: URL): Promise<Response | undefined> {
    const path = url.pathname
    const host: keyof MicrosoftHosts | undefined = path.startsWith('/live/') ? 'live' : path.startsWith('/msal/') ? 'msal' : path.startsWith('/xbox-user/') ? 'xboxUser' : path.startsWith('/xsts/') ? 'xsts' : path.startsWith('/services/authentication/') || path.startsWith('/services/entitlements/') ? 'services' : undefined
    if (!host) return undefined
    if (limited.has(host)) return json({ error: 'rate limited' }, 429)
    if (req.method === 'GET' && (path === '/live/verify' || path === '/msal/verify')) return new Response('Stand-in verification page', { headers: { 'content-type': 'text/plain' } })
    if (req.method !== 'POST' && !path.startsWith('/services/entitlements/')) return json({ error: 'method' }, 405)
    if (path === '/live/oauth20_connect.srf') return deviceCode(new URLSearchParams(await req.text()), 'live')
    if (path === '/live/oauth20_token.srf') return tokenEndpoint(new URLSearchParams(await req.text()), 'live', true)
    let m: RegExpMatchArray | null
    if ((m = path.match(/^\/msal\/([^/]+)\/oauth2\/v2\.0\/(devicecode|token)$/))) {
      const form = new URLSearchParams(await req.text())
      if (m[1] !== 'consumers') return oauthError('invalid_request')
      return m[2] === 'devicecode' ? deviceCode(form, 'msal') : tokenEndpoint(form, 'msal', true)
    }
    if (path === '/xbox-user/user/authenticate') {
      counts.xbl++
      const body = (await req.json().catch(() => null)) as { Properties?: { RpsTicket?: string }; RelyingParty?: string } | null
      const ticket = body?.Properties?.RpsTicket ?? ''
      const msa = msaTokens.get(ticket.replace(/^[td]=/, ''))
      if (body?.RelyingParty !== 'http://auth.xboxlive.com' || !/^[td]=/.test(ticket) || req.headers.get('x-xbl-contract-version') !== '1') return json({}, 400)
      if (!msa || msa.expiresAt <= now()) return new Response(null, { status: 401 })
      const token = `xbl-${rand()}`
      xblTokens.set(token, msa.email)
      return json(xboxAnswer(token, `uhs${msa.email.length}`))
    }
    if (path === '/xsts/xsts/authorize') {
      counts.xsts++
      const body = (await req.json().catch(() => null)) as { Properties?: { UserTokens?: string[] }; RelyingParty?: string } | null
      if (body?.RelyingParty !== 'rp://api.minecraftservices.com/') return json({}, 400)
      const email = xblTokens.get(body?.Properties?.UserTokens?.[0] ?? '')
      if (!email) return new Response(null, { status: 401 })
      const user = users.get(email)!
      if (user.xerr !== null) return json({ Identity: '0', XErr: user.xerr, Message: '', Redirect: 'https://start.ui.xboxlive.com/' }, 401)
      const token = `xsts-${rand()}`
      xstsTokens.set(token, email)
      return json(xboxAnswer(token, `uhs${email.length}`))
    }
    if (path === '/services/authentication/login_with_xbox') {
      counts.loginWithXbox++
      const body = (await req.json().catch(() => null)) as { identityToken?: string } | null
      const xsts = body?.identityToken?.match(/^XBL3\.0 x=[^;]+;(.+)$/)?.[1]
      const email = xsts ? xstsTokens.get(xsts) : undefined
      if (!email) return json({ path, errorMessage: 'Invalid app registration', error: 'UnauthorizedOperationException' }, 401)
      const user = users.get(email)!
      // No profile: a token bound to no player, so /minecraft/profile answers 404.
      const access = user.profileId ? mojang.issueToken(user.profileId, now() + self.minecraftTokenTtlS * 1000) : `mc-noprofile-${rand()}:${email}`
      return json({ username: rand(), roles: [], access_token: access, token_type: 'Bearer', expires_in: self.minecraftTokenTtlS })
    }
    if (path === '/services/entitlements/mcstore') {
      const token = req.headers.get('authorization')?.replace('Bearer ', '') ?? ''
      const owner = tokenOwners.get(token)
      const user = token.startsWith('mc-noprofile-') ? users.get(token.split(':')[1]!) : [...users.values()].find((u) => owner && u.profileId === owner)
      if (!user) return json({ path, errorMessage: 'Unauthorized' }, 401)
      return json({ items: user.owns ? [{ name: 'product_minecraft', signature: 'x' }, { name: 'game_minecraft', signature: 'x' }] : [], signature: 'x', keyId: '1' })
    }
    return undefined
  }


  mojang = await startMojangStandIn({ ...opts, extraRoutes: routes })
  // Remember the owner of each minted token so the entitlements endpoint can answer for it.
  const mint = mojang.issueToken.bind(mojang)
  mojang.issueToken = (playerId, expiresAt) => {
    const token = mint(playerId, expiresAt)
    tokenOwners.set(token, playerId)
    return token
  }
  const hosts: MicrosoftHosts = {
    live: `${mojang.origin}/live`,
    msal: `${mojang.origin}/msal`,
    xboxUser: `${mojang.origin}/xbox-user`,
    xsts: `${mojang.origin}/xsts`,
    services: mojang.servicesBase,
  }
  let userCount = 0
  const stand = Object.assign(mojang, {
    minecraftTokenTtlS: self.minecraftTokenTtlS,
    hosts,
    env: {
      MICROSOFT_LIVE_BASE: hosts.live,
      MICROSOFT_MSAL_BASE: hosts.msal,
      XBOX_USER_BASE: hosts.xboxUser,
      XBOX_XSTS_BASE: hosts.xsts,
      MOJANG_API_BASE: mojang.apiBase,
      MOJANG_SESSION_BASE: mojang.sessionBase,
      MOJANG_SERVICES_BASE: mojang.servicesBase,
      MOJANG_TEXTURES_BASE: mojang.texturesBase,
    },
    async addMicrosoftUser(o: Parameters<MicrosoftStandIn['addMicrosoftUser']>[0] = {}) {
      userCount++
      const email = `user${userCount}-${rand().slice(0, 6)}@example.test`
      const hasProfile = o.hasProfile ?? o.ownsMinecraft ?? true
      const name = hasProfile ? (o.name ?? `Signer${userCount}`) : null
      const player = name ? await mojang.addPlayer(name, o.skinPng) : null
      users.set(email, { email, profileId: player?.id ?? null, name, owns: o.ownsMinecraft ?? true, xerr: o.xerr ?? null })
      return { email, profileId: player?.id ?? null, name }
    },
    approve(userCode: string, email: string) {
      const g = byUserCode.get(userCode)
      if (!g || !users.has(email)) throw new Error(`no code ${userCode} or user ${email}`)
      g.state = 'approved'
      g.email = email
    },
    decline(userCode: string) {
      const g = byUserCode.get(userCode)
      if (!g) throw new Error(`no code ${userCode}`)
      g.state = 'declined'
    },
    lastUserCode: () => lastUserCode,
    setXErr(email: string, xerr: number | null) {
      users.get(email)!.xerr = xerr
    },
    setOwnership(email: string, owns: boolean) {
      users.get(email)!.owns = owns
    },
    setHostRateLimited(host: keyof MicrosoftHosts, on: boolean) {
      if (on) limited.add(host)
      else limited.delete(host)
    },
    revokeRefreshTokens(email: string) {
      for (const [token, owner] of refreshTokens) if (owner === email) refreshTokens.delete(token)
    },
    counts,
  })
  // Settable at any time: login_with_xbox reads the current value.
  Object.defineProperty(stand, 'minecraftTokenTtlS', { get: () => self.minecraftTokenTtlS, set: (v: number) => (self.minecraftTokenTtlS = v), enumerable: true })
  return stand
}

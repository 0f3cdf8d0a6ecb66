/**
 * A local stand-in for every host of the Microsoft → Minecraft sign-in chain (shapes from reference
 * account-pool.md §2), mounted on the Mojang stand-in's origin so the
 * Minecraft tokens it mints are the ones the skin upload and session hosts accept:
 * - login.live.com             `/live/oauth20_connect.srf` (device code), `/live/oauth20_token.srf` (poll, refresh)
 * - login.microsoftonline.com  `/msal/{tenant}/oauth2/v2.0/devicecode`, `/msal/{tenant}/oauth2/v2.0/token`
 * - user.auth.xboxlive.com     `/xbox-user/user/authenticate`
 * - xsts.auth.xboxlive.com     `/xsts/xsts/authorize` (401 with `XErr` when set for the user)
 * - api.minecraftservices.com  `/services/authentication/login_with_xbox`, `/services/entitlements/mcstore`
 *                              (`/services/minecraft/profile`, skin uploads and capes are the Mojang stand-in's;
 *                              a user without a profile gets 404 from the profile and cape paths here)
 * Requests with a wrong client id, grant type, scope, ticket prefix or relying party are refused with
 * 400, so a client that builds them wrong fails here as it would against Microsoft. Every expiry
 * follows the stand-in's clock, so tests move time instead of sleeping. Refresh tokens rotate: a used
 * one answers `invalid_grant`, like Microsoft's.
 * @module
 */
import type { MicrosoftFlow, MicrosoftHosts } from '../../src/api/signing/pool/microsoft/types'
import { startMojangStandIn, type MojangStandIn, type MojangStandInOptions } from './mojang-stand-in'

/** A running Microsoft stand-in (with the Mojang stand-in it extends). */
export interface MicrosoftStandIn extends MojangStandIn {
  /** Base URLs for MicrosoftAuthConfig.hosts (services = the Mojang stand-in's servicesBase). */
  hosts: MicrosoftHosts
  /** Env vars that point the app at this stand-in: MICROSOFT_LIVE_BASE, MICROSOFT_MSAL_BASE, XBOX_USER_BASE, XBOX_XSTS_BASE and the Mojang stand-in's (MOJANG_*_BASE, MOJANG_SIGNATURE_KEY). */
  env: Record<string, string>
  /** A Microsoft user; by default it owns Minecraft and has a new profile named `name` (default `Signer<n>`). Without ownership it has no profile unless `hasProfile` (Game Pass). `profileId` is the Mojang player's id (for `grantCape`, `profileOf`). */
  addMicrosoftUser(opts?: { name?: string; ownsMinecraft?: boolean; hasProfile?: boolean; xerr?: number; skinPng?: Uint8Array }): Promise<{ email: string; profileId: string | null; name: string | null }>
  /** What a person does on the verification page: approve the code as that user, or decline it. */
  approve(userCode: string, email: string): void
  decline(userCode: string): void
  /** The newest user code handed out. */
  lastUserCode(): string | undefined
  setXErr(email: string, xerr: number | null): void
  setOwnership(email: string, owns: boolean): void
  /** While on, every request to that host answers 429 (for `services`, the Mojang services paths too). */
  setHostRateLimited(host: keyof MicrosoftHosts, on: boolean): void
  /**
   * From now on, refresh-token requests wait at the stand-in until `release()` (a slow Microsoft):
   * `arrived` resolves when the first one is waiting. Used to stop a server while a renewal is in flight.
   */
  holdRefreshes(): { arrived: Promise<void>; release(): void }
  /** Every refresh token of this user stops working (invalid_grant). */
  revokeRefreshTokens(email: string): void
  /** Lifetime in seconds of the Minecraft tokens login_with_xbox mints (default 86 400). MSA access tokens live 3600 s, device codes 900 s with interval 5. Settable at any time. */
  minecraftTokenTtlS: number
  /** How often each step ran (`profile`: GET /minecraft/profile, by any token). */
  counts: { deviceCodes: number; polls: number; refreshes: number; xbl: number; xsts: number; loginWithXbox: number; profile: number }
}

interface MsUser {
  email: string
  profileId: string | null
  name: string | null
  owns: boolean
  xerr: number | null
  /** Xbox user hash, the same for every token of this user. */
  uhs: string
}

interface DeviceGrant {
  deviceCode: string
  userCode: string
  flow: MicrosoftFlow
  clientId: string
  expiresAt: number
  lastPoll: number
  state: 'pending' | 'approved' | 'declined' | 'used'
  email?: string
}

/** Who a token belongs to, for which flow and client, until when (stand-in clock). */
interface Grant {
  email: string
  flow: MicrosoftFlow
  clientId: string
  expiresAt: number
}

const SCOPE: Record<MicrosoftFlow, string> = { live: 'service::user.auth.xboxlive.com::MBI_SSL', msal: 'XboxLive.signin offline_access' }
/** RpsTicket prefix per flow: a Live (compact) ticket is `t=`, an OAuth (MSAL) access token `d=` (reference §2 step 2). */
const TICKET: Record<MicrosoftFlow, string> = { live: 't=', msal: 'd=' }
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'
const INTERVAL_S = 5
/** Lifetimes from reference §2: Xbox user token ≈ 14 days, XSTS ≈ 16 h, refresh token 90 days. */
const XBL_TTL_MS = 14 * 86_400_000
const XSTS_TTL_MS = 16 * 3_600_000
const REFRESH_TTL_MS = 90 * 86_400_000
const rand = () => crypto.randomUUID().replaceAll('-', '')
const json = (body: unknown, status = 200) => Response.json(body, { status })
const oauthError = (error: string, status = 400) => json({ error, error_description: `${error} (stand-in)` }, status)
const servicesError = (status: number, path: string, errorMessage: string, error: string) => json({ path, errorMessage, error }, status)
const xboxRefusal = () => json({}, 400)

/** The host a path belongs to (the services host's Mojang paths included, for rate limiting). */
function hostOf(path: string): keyof MicrosoftHosts | undefined {
  if (path.startsWith('/live/')) return 'live'
  if (path.startsWith('/msal/')) return 'msal'
  if (path.startsWith('/xbox-user/')) return 'xboxUser'
  if (path.startsWith('/xsts/')) return 'xsts'
  if (path.startsWith('/services/')) return 'services'
  return undefined
}

/** Starts the Mojang stand-in with the Microsoft hosts mounted on it. */
export async function startMicrosoftStandIn(opts: MojangStandInOptions = {}): Promise<MicrosoftStandIn> {
  const now = opts.now ?? Date.now
  const users = new Map<string, MsUser>()
  const grants = new Map<string, DeviceGrant>()
  const byUserCode = new Map<string, DeviceGrant>()
  const msaTokens = new Map<string, Grant>()
  const refreshTokens = new Map<string, Grant>()
  const xblTokens = new Map<string, Grant>()
  const xstsTokens = new Map<string, Grant>()
  /** Minecraft tokens minted by login_with_xbox (a user without a profile gets one bound to no player). */
  const mcTokens = new Map<string, { email: string; expiresAt: number }>()
  const limited = new Set<keyof MicrosoftHosts>()
  const counts = { deviceCodes: 0, polls: 0, refreshes: 0, xbl: 0, xsts: 0, loginWithXbox: 0, profile: 0 }
  const settings = { minecraftTokenTtlS: 86_400 }
  let lastUserCode: string | undefined
  let mojang: MojangStandIn
  const live = <T extends { expiresAt: number }>(g: T | undefined) => (g && g.expiresAt > now() ? g : undefined)

  function issueMsa(email: string, flow: MicrosoftFlow, clientId: string) {
    const access = `msa-${rand()}`
    const refresh = `rt-${rand()}`
    msaTokens.set(access, { email, flow, clientId, expiresAt: now() + 3_600_000 })
    refreshTokens.set(refresh, { email, flow, clientId, expiresAt: now() + REFRESH_TTL_MS })
    return { token_type: 'bearer', scope: SCOPE[flow], access_token: access, refresh_token: refresh, expires_in: 3600, user_id: rand().slice(0, 16) }
  }

  function deviceCode(form: URLSearchParams, flow: MicrosoftFlow) {
    const clientId = form.get('client_id')
    if (!clientId) return oauthError('invalid_client')
    if (form.get('scope') !== SCOPE[flow]) return oauthError('invalid_scope')
    if (flow === 'live' && form.get('response_type') !== 'device_code') return oauthError('unsupported_response_type')
    counts.deviceCodes++
    const g: DeviceGrant = { deviceCode: `dc-${rand()}`, userCode: rand().slice(0, 8).toUpperCase(), flow, clientId, expiresAt: now() + 900_000, lastPoll: 0, state: 'pending' }
    grants.set(g.deviceCode, g)
    byUserCode.set(g.userCode, g)
    lastUserCode = g.userCode
    return json({ device_code: g.deviceCode, user_code: g.userCode, verification_uri: `${mojang.origin}/${flow}/verify`, expires_in: 900, interval: INTERVAL_S, message: 'stand-in' })
  }

  /** Device-code poll (RFC 8628 §3.4–3.5). */
  function poll(form: URLSearchParams, flow: MicrosoftFlow) {
    counts.polls++
    const g = grants.get(form.get('device_code') ?? '')
    if (!g || g.flow !== flow) return oauthError('bad_verification_code')
    if (g.clientId !== form.get('client_id')) return oauthError('invalid_client')
    if (now() >= g.expiresAt || g.state === 'used') return oauthError('expired_token')
    if (g.state === 'declined') return oauthError(flow === 'live' ? 'access_denied' : 'authorization_declined')
    if (g.state === 'pending') {
      const tooSoon = now() - g.lastPoll < INTERVAL_S * 1000
      g.lastPoll = now()
      return oauthError(tooSoon ? 'slow_down' : 'authorization_pending')
    }
    g.state = 'used'
    return json(issueMsa(g.email!, flow, g.clientId))
  }

  /** Refresh (RFC 6749 §6): the old refresh token stops working, a new one comes back. */
  function refresh(form: URLSearchParams, flow: MicrosoftFlow) {
    counts.refreshes++
    if (form.get('scope') !== SCOPE[flow]) return oauthError('invalid_scope')
    const token = form.get('refresh_token') ?? ''
    const g = live(refreshTokens.get(token))
    if (!g || g.flow !== flow || g.clientId !== form.get('client_id')) return oauthError('invalid_grant')
    refreshTokens.delete(token)
    return json(issueMsa(g.email, flow, g.clientId))
  }

  /** Set by holdRefreshes: refreshes wait for `released`. */
  let refreshHold: { released: Promise<void>; arrived: () => void } | null = null

  async function tokenEndpoint(form: URLSearchParams, flow: MicrosoftFlow) {
    if (!form.get('client_id')) return oauthError('invalid_client')
    const grant = form.get('grant_type')
    if (grant === 'refresh_token' && refreshHold) {
      const hold = refreshHold
      hold.arrived()
      await hold.released
    }
    if (grant === 'refresh_token') return refresh(form, flow)
    if (grant === DEVICE_GRANT) return poll(form, flow)
    return oauthError('unsupported_grant_type')
  }

  const xboxAnswer = (token: string, uhs: string, ttlMs: number) => ({
    IssueInstant: new Date(now()).toISOString(),
    NotAfter: new Date(now() + ttlMs).toISOString(),
    Token: token,
    DisplayClaims: { xui: [{ uhs }] },
  })
  type XboxBody = { Properties?: { AuthMethod?: string; SiteName?: string; RpsTicket?: string; SandboxId?: string; UserTokens?: string[] }; RelyingParty?: string; TokenType?: string } | null

  async function xboxUser(req: Request) {
    counts.xbl++
    const body = (await req.json().catch(() => null)) as XboxBody
    const p = body?.Properties
    const ticket = p?.RpsTicket ?? ''
    if (req.headers.get('x-xbl-contract-version') !== '1' || body?.RelyingParty !== 'http://auth.xboxlive.com' || body.TokenType !== 'JWT') return xboxRefusal()
    if (p?.AuthMethod !== 'RPS' || p.SiteName !== 'user.auth.xboxlive.com') return xboxRefusal()
    if (!/^[td]=/.test(ticket)) return xboxRefusal()
    const msa = live(msaTokens.get(ticket.slice(2)))
    if (!msa) return new Response(null, { status: 401 })
    if (!ticket.startsWith(TICKET[msa.flow])) return xboxRefusal()
    const token = `xbl-${rand()}`
    xblTokens.set(token, { ...msa, expiresAt: now() + XBL_TTL_MS })
    return json(xboxAnswer(token, users.get(msa.email)!.uhs, XBL_TTL_MS))
  }

  async function xsts(req: Request) {
    counts.xsts++
    const body = (await req.json().catch(() => null)) as XboxBody
    if (req.headers.get('x-xbl-contract-version') !== '1' || body?.RelyingParty !== 'rp://api.minecraftservices.com/' || body.TokenType !== 'JWT') return xboxRefusal()
    if (body.Properties?.SandboxId !== 'RETAIL') return xboxRefusal()
    const xbl = live(xblTokens.get(body.Properties.UserTokens?.[0] ?? ''))
    if (!xbl) return new Response(null, { status: 401 })
    const user = users.get(xbl.email)!
    if (user.xerr !== null) return json({ Identity: '0', XErr: user.xerr, Message: '', Redirect: 'https://start.ui.xboxlive.com/' }, 401)
    const token = `xsts-${rand()}`
    xstsTokens.set(token, { ...xbl, expiresAt: now() + XSTS_TTL_MS })
    return json(xboxAnswer(token, user.uhs, XSTS_TTL_MS))
  }

  async function loginWithXbox(req: Request, path: string) {
    counts.loginWithXbox++
    const body = (await req.json().catch(() => null)) as { identityToken?: string } | null
    const m = body?.identityToken?.match(/^XBL3\.0 x=([^;]+);(.+)$/)
    if (!m) return servicesError(400, path, 'Invalid identity token', 'IllegalArgumentException')
    const g = live(xstsTokens.get(m[2]!))
    const user = g && users.get(g.email)
    if (!user || user.uhs !== m[1]) return servicesError(401, path, 'Invalid credentials', 'UnauthorizedOperationException')
    const expiresAt = now() + settings.minecraftTokenTtlS * 1000
    // No profile: a token bound to no player, answered 404 by /minecraft/profile below.
    const access = user.profileId ? mojang.issueToken(user.profileId, expiresAt) : `mc-${rand()}`
    mcTokens.set(access, { email: user.email, expiresAt })
    return json({ username: rand(), roles: [], access_token: access, token_type: 'Bearer', expires_in: settings.minecraftTokenTtlS })
  }

  function entitlements(req: Request, path: string) {
    const token = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? ''
    const t = live(mcTokens.get(token))
    if (!t) return servicesError(401, path, 'Unauthorized', 'UnauthorizedOperationException')
    const items = users.get(t.email)!.owns ? [{ name: 'product_minecraft', signature: 'x' }, { name: 'game_minecraft', signature: 'x' }] : []
    return json({ items, signature: 'x', keyId: '1' })
  }

  async function routes(req: Request, url: URL): Promise<Response | undefined> {
    const path = url.pathname
    const host = hostOf(path)
    if (!host) return undefined
    if (limited.has(host)) return json({ error: 'too_many_requests', errorMessage: 'Too many requests' }, 429)
    if (req.method === 'GET' && path === '/services/minecraft/profile') {
      counts.profile++
      const token = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? ''
      const t = live(mcTokens.get(token))
      if (t && !users.get(t.email)!.profileId) return servicesError(404, path, 'The server has not found anything matching the request URI', 'NOT_FOUND')
      return undefined
    }
    if (path === '/services/minecraft/profile/capes/active') {
      // A token bound to no player: there is no profile whose cape could change.
      const token = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? ''
      const t = live(mcTokens.get(token))
      if (t && !users.get(t.email)!.profileId) return servicesError(404, path, 'The server has not found anything matching the request URI', 'NOT_FOUND')
      return undefined
    }
    if (req.method === 'GET' && path === '/services/entitlements/mcstore') return entitlements(req, path)
    if (req.method === 'GET' && (path === '/live/verify' || path === '/msal/verify')) return new Response('Stand-in verification page', { headers: { 'content-type': 'text/plain' } })
    if (req.method !== 'POST') return undefined
    if (path === '/live/oauth20_connect.srf') return deviceCode(new URLSearchParams(await req.text()), 'live')
    if (path === '/live/oauth20_token.srf') return tokenEndpoint(new URLSearchParams(await req.text()), 'live')
    const m = path.match(/^\/msal\/([^/]+)\/oauth2\/v2\.0\/(devicecode|token)$/)
    if (m) {
      const form = new URLSearchParams(await req.text())
      // Minecraft needs the `consumers` tenant (reference §2 step 1).
      if (m[1] !== 'consumers') return oauthError('invalid_request')
      return m[2] === 'devicecode' ? deviceCode(form, 'msal') : tokenEndpoint(form, 'msal')
    }
    if (path === '/xbox-user/user/authenticate') return xboxUser(req)
    if (path === '/xsts/xsts/authorize') return xsts(req)
    if (path === '/services/authentication/login_with_xbox') return loginWithXbox(req, path)
    return undefined
  }

  mojang = await startMojangStandIn({ ...opts, extraRoutes: routes })
  const hosts: MicrosoftHosts = {
    live: `${mojang.origin}/live`,
    msal: `${mojang.origin}/msal`,
    xboxUser: `${mojang.origin}/xbox-user`,
    xsts: `${mojang.origin}/xsts`,
    services: mojang.servicesBase,
  }
  const userOf = (email: string) => {
    const u = users.get(email)
    if (!u) throw new Error(`no Microsoft user ${email}`)
    return u
  }
  const grantOf = (userCode: string) => {
    const g = byUserCode.get(userCode)
    if (!g) throw new Error(`no user code ${userCode}`)
    return g
  }
  let userCount = 0
  const extension = {
    /** Replaced by an accessor below. */
    minecraftTokenTtlS: settings.minecraftTokenTtlS,
    hosts,
    env: {
      MICROSOFT_LIVE_BASE: hosts.live,
      MICROSOFT_MSAL_BASE: hosts.msal,
      XBOX_USER_BASE: hosts.xboxUser,
      XBOX_XSTS_BASE: hosts.xsts,
      ...mojang.env,
    },
    async addMicrosoftUser(o: Parameters<MicrosoftStandIn['addMicrosoftUser']>[0] = {}) {
      userCount++
      const email = `user${userCount}-${rand().slice(0, 6)}@example.test`
      const hasProfile = o.hasProfile ?? o.ownsMinecraft ?? true
      const name = hasProfile ? (o.name ?? `Signer${userCount}`) : null
      const player = name ? await mojang.addPlayer(name, o.skinPng) : null
      users.set(email, { email, profileId: player?.id ?? null, name, owns: o.ownsMinecraft ?? true, xerr: o.xerr ?? null, uhs: rand().slice(0, 20) })
      return { email, profileId: player?.id ?? null, name }
    },
    approve(userCode: string, email: string) {
      const g = grantOf(userCode)
      userOf(email)
      g.state = 'approved'
      g.email = email
    },
    decline(userCode: string) {
      grantOf(userCode).state = 'declined'
    },
    lastUserCode: () => lastUserCode,
    setXErr(email: string, xerr: number | null) {
      userOf(email).xerr = xerr
    },
    setOwnership(email: string, owns: boolean) {
      userOf(email).owns = owns
    },
    setHostRateLimited(host: keyof MicrosoftHosts, on: boolean) {
      if (on) limited.add(host)
      else limited.delete(host)
    },
    holdRefreshes() {
      let release = () => {}
      let arrived = () => {}
      const arrivedP = new Promise<void>((r) => (arrived = r))
      const released = new Promise<void>((r) => (release = r))
      const hold = { released, arrived }
      refreshHold = hold
      return {
        arrived: arrivedP,
        release: () => {
          if (refreshHold === hold) refreshHold = null
          release()
        },
      }
    },
    revokeRefreshTokens(email: string) {
      for (const [token, g] of refreshTokens) if (g.email === email) refreshTokens.delete(token)
    },
    counts,
  }
  const stand: MicrosoftStandIn = Object.assign(mojang, extension)
  // An accessor, not a copy: login_with_xbox reads the current value, so tests may change it at any time.
  Object.defineProperty(stand, 'minecraftTokenTtlS', { get: () => settings.minecraftTokenTtlS, set: (v: number) => void (settings.minecraftTokenTtlS = v), enumerable: true })
  return stand
}

/**
 * The Microsoft account (MSA) token by device code (reference account-pool.md §2
 * step 1): the Live flow with a Microsoft-owned public client id needs no app registration; the
 * MSAL flow uses an operator's Azure app in the `consumers` tenant. Polls follow RFC 8628.
 * @module
 */
import { z } from 'zod'
import { type ChainAnswer, chainRequest, formPost, parseAnswer, unexpectedStatus } from './http'
import { PoolSignInError } from './errors'
import type { DeviceCode, DevicePoll, MicrosoftAuthConfig, MsaTokens } from './types'

const LIVE_SCOPE = 'service::user.auth.xboxlive.com::MBI_SSL'
const MSAL_SCOPE = 'XboxLive.signin offline_access'
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code'

const scope = (cfg: MicrosoftAuthConfig) => (cfg.flow === 'live' ? LIVE_SCOPE : MSAL_SCOPE)
const tokenUrl = (cfg: MicrosoftAuthConfig) => (cfg.flow === 'live' ? `${cfg.hosts.live}/oauth20_token.srf` : `${cfg.hosts.msal}/${cfg.tenant}/oauth2/v2.0/token`)
const secret = (cfg: MicrosoftAuthConfig): Record<string, string> => (cfg.flow === 'msal' && cfg.clientSecret ? { client_secret: cfg.clientSecret } : {})

const deviceCodeSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().url(),
  expires_in: z.coerce.number().positive(),
  interval: z.coerce.number().positive().default(5),
})
const tokensSchema = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1), expires_in: z.coerce.number().positive() })
/** RFC 6749 §5.2 error body; only the `error` code is kept (a short, token-free word). */
const oauthErrorSchema = z.object({ error: z.string().regex(/^[a-z_]{1,64}$/) })
const oauthError = (answer: ChainAnswer) => oauthErrorSchema.safeParse(answer.body).data?.error ?? ''

const toTokens = (t: z.infer<typeof tokensSchema>, now: number): MsaTokens => ({ accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: now + t.expires_in * 1000 })

/** Asks Microsoft for a device code and the code the user types. */
export async function startDeviceCode(cfg: MicrosoftAuthConfig): Promise<DeviceCode> {
  const url = cfg.flow === 'live' ? `${cfg.hosts.live}/oauth20_connect.srf` : `${cfg.hosts.msal}/${cfg.tenant}/oauth2/v2.0/devicecode`
  const fields: Record<string, string> = { client_id: cfg.clientId, scope: scope(cfg), ...(cfg.flow === 'live' ? { response_type: 'device_code' } : {}) }
  const answer = await chainRequest(cfg, url, formPost(fields), 'Microsoft device code')
  if (answer.status !== 200) throw unexpectedStatus(answer, oauthError(answer))
  const d = parseAnswer(deviceCodeSchema, answer)
  return { deviceCode: d.device_code, userCode: d.user_code, verificationUri: d.verification_uri, expiresIn: d.expires_in, interval: d.interval }
}

/** One poll of a device code. */
export async function pollDeviceCode(cfg: MicrosoftAuthConfig, deviceCode: string, now: number): Promise<DevicePoll> {
  const answer = await chainRequest(cfg, tokenUrl(cfg), formPost({ client_id: cfg.clientId, device_code: deviceCode, grant_type: DEVICE_GRANT, ...secret(cfg) }), 'Microsoft sign-in')
  if (answer.status === 200) return { status: 'done', tokens: toTokens(parseAnswer(tokensSchema, answer), now) }
  const error = oauthError(answer)
  switch (error) {
    case 'authorization_pending':
      return { status: 'pending' }
    case 'slow_down':
      return { status: 'slow_down' }
    case 'authorization_declined':
    case 'access_denied':
      throw new PoolSignInError('sign_in_declined')
    case 'expired_token':
    case 'bad_verification_code':
      throw new PoolSignInError('sign_in_expired')
    default:
      throw unexpectedStatus(answer, error)
  }
}

/** New MSA tokens from a refresh token; the answer's refresh token replaces the old one, which stops working. */
export async function refreshMsaTokens(cfg: MicrosoftAuthConfig, refreshToken: string, now: number): Promise<MsaTokens> {
  const answer = await chainRequest(
    cfg,
    tokenUrl(cfg),
    formPost({ client_id: cfg.clientId, refresh_token: refreshToken, grant_type: 'refresh_token', scope: scope(cfg), ...secret(cfg) }),
    'Microsoft token refresh',
  )
  if (answer.status === 200) return toTokens(parseAnswer(tokensSchema, answer), now)
  const error = oauthError(answer)
  if (error === 'invalid_grant' || error === 'interaction_required') throw new PoolSignInError('sign_in_revoked')
  throw unexpectedStatus(answer, error)
}

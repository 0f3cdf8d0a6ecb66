/**
 * Xbox Live steps of the chain (reference account-pool.md §2 steps 2–3): the user
 * token from the MSA token, then the XSTS token for Minecraft's relying party. An XSTS refusal carries
 * an `XErr` number; each known one has its own code.
 * @module
 */
import { z } from 'zod'
import { chainRequest, jsonPost, parseAnswer, unexpectedStatus } from './http'
import { PoolSignInError, XERR_CODES } from './errors'
import type { MicrosoftAuthConfig } from './types'

/** An Xbox token with the user hash it belongs to. */
export interface XboxToken {
  token: string
  uhs: string
}

const xboxTokenSchema = z.object({
  Token: z.string().min(1),
  DisplayClaims: z.object({ xui: z.array(z.object({ uhs: z.string().min(1) })).min(1) }),
})
const xerrSchema = z.object({ XErr: z.coerce.number().int() })
const HEADERS = { 'x-xbl-contract-version': '1' }

const toToken = (t: z.infer<typeof xboxTokenSchema>): XboxToken => ({ token: t.Token, uhs: t.DisplayClaims.xui[0]!.uhs })

/** The Xbox Live user token; the Live flow's ticket is `t=`, an OAuth (MSAL) token's `d=`. */
export async function xboxUserToken(cfg: MicrosoftAuthConfig, msaAccessToken: string): Promise<XboxToken> {
  const body = {
    Properties: { AuthMethod: 'RPS', SiteName: 'user.auth.xboxlive.com', RpsTicket: `${cfg.flow === 'live' ? 't' : 'd'}=${msaAccessToken}` },
    RelyingParty: 'http://auth.xboxlive.com',
    TokenType: 'JWT',
  }
  const answer = await chainRequest(cfg, `${cfg.hosts.xboxUser}/user/authenticate`, jsonPost(body, HEADERS), 'Xbox Live sign-in')
  // 401: Xbox refused the Microsoft token itself. A 400 is a request we built wrong (e.g. a `t=` ticket
  // for an OAuth token), which a new sign-in by the owner would not cure.
  if (answer.status === 401) throw new PoolSignInError('sign_in_revoked', `${answer.where}: HTTP 401`)
  if (answer.status !== 200) throw unexpectedStatus(answer)
  return toToken(parseAnswer(xboxTokenSchema, answer))
}

/** The XSTS token for api.minecraftservices.com. */
export async function xstsToken(cfg: MicrosoftAuthConfig, userToken: string): Promise<XboxToken> {
  const body = { Properties: { SandboxId: 'RETAIL', UserTokens: [userToken] }, RelyingParty: 'rp://api.minecraftservices.com/', TokenType: 'JWT' }
  const answer = await chainRequest(cfg, `${cfg.hosts.xsts}/xsts/authorize`, jsonPost(body, HEADERS), 'Xbox XSTS')
  if (answer.status === 401) {
    const xerr = xerrSchema.safeParse(answer.body).data?.XErr
    throw new PoolSignInError((xerr !== undefined && XERR_CODES[xerr]) || 'xbox_refused', xerr !== undefined ? `XErr ${xerr}` : `${answer.where}: HTTP 401`)
  }
  if (answer.status !== 200) throw unexpectedStatus(answer)
  return toToken(parseAnswer(xboxTokenSchema, answer))
}

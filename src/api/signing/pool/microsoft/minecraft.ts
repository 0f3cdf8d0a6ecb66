/**
 * Minecraft steps of the chain (reference account-pool.md §2 steps 4–5): the
 * Minecraft token from the XSTS token, the ownership check and the profile. Game Pass accounts may
 * list no entitlements yet have a profile, so missing items only fail when the profile is missing too.
 * @module
 */
import { z } from 'zod'
import { chainRequest, jsonPost, parseAnswer, unexpectedStatus } from './http'
import { PoolSignInError } from './errors'
import type { ProfileSkin } from './profile-skin'
import type { MicrosoftAuthConfig, MinecraftSession } from './types'
import type { XboxToken } from './xbox'

const loginSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() })
const entitlementsSchema = z.object({ items: z.array(z.object({ name: z.string() })).default([]) })
const profileSchema = z.object({
  /** Mojang answers 32 hex; a dashed uuid is accepted too and normalised. */
  id: z
    .string()
    .transform((id) => id.replaceAll('-', '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/)),
  name: z.string().min(1),
  skins: z.array(z.object({ state: z.string(), url: z.string(), variant: z.string().optional() })).default([]),
  capes: z.array(z.object({ id: z.string() })).default([]),
})
const GAME_ITEMS = new Set(['product_minecraft', 'game_minecraft'])

/** The Minecraft token (about 24 h). */
export async function loginWithXbox(cfg: MicrosoftAuthConfig, xsts: XboxToken, now: number): Promise<{ accessToken: string; expiresAt: number }> {
  const answer = await chainRequest(cfg, `${cfg.hosts.services}/authentication/login_with_xbox`, jsonPost({ identityToken: `XBL3.0 x=${xsts.uhs};${xsts.token}` }), 'Minecraft sign-in')
  if (answer.status === 403) throw new PoolSignInError('minecraft_app_not_approved')
  if (answer.status === 401) throw new PoolSignInError('sign_in_revoked', `${answer.where}: HTTP 401`)
  if (answer.status !== 200) throw unexpectedStatus(answer)
  const login = parseAnswer(loginSchema, answer)
  return { accessToken: login.access_token, expiresAt: now + login.expires_in * 1000 }
}

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })

/** True when the account lists a Minecraft entitlement. */
export async function ownsMinecraft(cfg: MicrosoftAuthConfig, accessToken: string): Promise<boolean> {
  const answer = await chainRequest(cfg, `${cfg.hosts.services}/entitlements/mcstore`, bearer(accessToken), 'Minecraft ownership')
  if (answer.status !== 200) throw unexpectedStatus(answer)
  return parseAnswer(entitlementsSchema, answer).items.some((i) => GAME_ITEMS.has(i.name))
}

/** The profile: id, name, the active skin and the capes it owns. */
export async function minecraftProfile(cfg: MicrosoftAuthConfig, accessToken: string, owns: boolean): Promise<MinecraftSession['profile']> {
  const answer = await chainRequest(cfg, `${cfg.hosts.services}/minecraft/profile`, bearer(accessToken), 'Minecraft profile')
  if (answer.status === 404) throw new PoolSignInError(owns ? 'no_minecraft_profile' : 'no_minecraft_ownership')
  if (answer.status !== 200) throw unexpectedStatus(answer)
  const p = parseAnswer(profileSchema, answer)
  const active = p.skins.find((s) => s.state === 'ACTIVE')
  const skin: ProfileSkin | undefined = active ? { url: active.url, variant: active.variant?.toLowerCase() === 'slim' ? 'slim' : 'classic' } : undefined
  return { id: p.id, name: p.name, ...(skin ? { skin } : {}), capes: p.capes.map((c) => c.id) }
}

/**
 * The whole Microsoft → Minecraft chain from an MSA access token (reference account-pool.md §2):
 * Xbox Live user token → XSTS (`rp://api.minecraftservices.com/`) → `login_with_xbox` → ownership
 * → profile. Used by a new sign-in and by every renewal.
 * @module
 */
import { loginWithXbox, minecraftProfile, ownsMinecraft } from './minecraft'
import type { MicrosoftAuthConfig, MinecraftSession } from './types'
import { xboxUserToken, xstsToken } from './xbox'

/** Signs in to Minecraft with an MSA access token. */
export async function signInToMinecraft(cfg: MicrosoftAuthConfig, msaAccessToken: string, now: number): Promise<MinecraftSession> {
  const user = await xboxUserToken(cfg, msaAccessToken)
  const xsts = await xstsToken(cfg, user.token)
  const login = await loginWithXbox(cfg, xsts, now)
  const owns = await ownsMinecraft(cfg, login.accessToken)
  const profile = await minecraftProfile(cfg, login.accessToken, owns)
  return { accessToken: login.accessToken, expiresAt: login.expiresAt, profile }
}

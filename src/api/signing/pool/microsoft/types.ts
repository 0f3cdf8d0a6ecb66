/**
 * The Microsoft → Minecraft sign-in chain's configuration and results (reference
 * account-pool.md §2). Every host is configurable so tests point them at stand-ins on 127.0.0.1.
 * @module
 */
import type { ProfileSkin } from './profile-skin'

/** Which device-code flow gets the MSA token. */
export type MicrosoftFlow = 'live' | 'msal'

/** Base URLs of every host the chain talks to (no trailing slash). */
export interface MicrosoftHosts {
  /** login.live.com: `/oauth20_connect.srf` (device code), `/oauth20_token.srf` (poll, refresh). */
  live: string
  /** login.microsoftonline.com: `/{tenant}/oauth2/v2.0/devicecode`, `/{tenant}/oauth2/v2.0/token`. */
  msal: string
  /** user.auth.xboxlive.com: `/user/authenticate`. */
  xboxUser: string
  /** xsts.auth.xboxlive.com: `/xsts/authorize`. */
  xsts: string
  /** api.minecraftservices.com: `/authentication/login_with_xbox`, `/entitlements/mcstore`, `/minecraft/profile`. */
  services: string
}

/** Configuration of the chain. */
export interface MicrosoftAuthConfig {
  /** `live` (default; no app registration, a Microsoft-owned public client id) or `msal` (an Azure app). */
  flow: MicrosoftFlow
  /** Public client id: `00000000441cc96b` for live by default; the Azure app's id for msal. */
  clientId: string
  /** Azure app secret (confidential apps only; never sent in the live flow). */
  clientSecret?: string
  /** MSAL tenant; Minecraft needs `consumers`. */
  tenant: string
  hosts: MicrosoftHosts
  /** Per-request deadline, ms. Default 10 000. */
  timeoutMs?: number
  fetch?: typeof fetch
}

/** A device code to show the user. */
export interface DeviceCode {
  deviceCode: string
  userCode: string
  verificationUri: string
  /** Seconds until the code expires. */
  expiresIn: number
  /** Seconds to wait between polls. */
  interval: number
}

/** MSA tokens (the refresh token rotates on every use: always store the new one). */
export interface MsaTokens {
  accessToken: string
  refreshToken: string
  /** Epoch ms. */
  expiresAt: number
}

/** One poll of a device code. `slow_down`: poll less often (add 5 s to the interval). */
export type DevicePoll = { status: 'pending' } | { status: 'slow_down' } | { status: 'done'; tokens: MsaTokens }

/** What the chain ends with: a Minecraft token and the profile it belongs to. */
export interface MinecraftSession {
  accessToken: string
  /** Epoch ms. */
  expiresAt: number
  profile: {
    /** 32 hex, lower case. */
    id: string
    name: string
    /** The ACTIVE skin, for "restore my own skin". */
    skin?: ProfileSkin
    /** Ids of the capes the account owns. */
    capes: string[]
  }
}

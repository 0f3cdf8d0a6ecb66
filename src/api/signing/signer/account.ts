/**
 * Pooled Minecraft accounts used by the mojang signer (SPEC §3 enumerations: account types
 * mojang | microsoft; access token sources login_microsoft | refresh_microsoft | user_login_microsoft).
 * @module
 */
import { z } from 'zod'
import { profileSkinSchema } from '../pool/microsoft/profile-skin'

/** Account types (SPEC §3). */
export const ACCOUNT_TYPES = ['mojang', 'microsoft'] as const
/** Where an account's access token came from (SPEC §3). */
export const TOKEN_SOURCES = ['login_microsoft', 'refresh_microsoft', 'user_login_microsoft'] as const

/** One pooled account as stored (times are epoch ms). */
export const minecraftAccountSchema = z.object({
  /** Minecraft profile uuid, 32 hex. */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  name: z.string().min(1),
  type: z.enum(ACCOUNT_TYPES),
  tokenSource: z.enum(TOKEN_SOURCES),
  /** Bearer token for api.minecraftservices.com. */
  accessToken: z.string().min(1),
  /** When the token stops working; null = unknown. */
  tokenExpiresAt: z.number().nullable().default(null),
  enabled: z.boolean().default(true),
  /** When the answer to its last skin change arrived (while a job holds it: when it was taken). */
  lastUsed: z.number().default(0),
  /** Consecutive failures; reset by a success. */
  errorCount: z.number().int().min(0).default(0),
  lastError: z.string().nullable().default(null),
  /** Not handed out before this time (set after a 429, an auth error or a URL mismatch). */
  timeoutUntil: z.number().default(0),
  /** Put the owner's own skin (`ownSkin`) back after each use. */
  restoreSkin: z.boolean().default(false),
  ownSkin: profileSkinSchema.nullable().default(null),
  /** Mojang ids of the capes the profile owns, as last read from its services profile (32 hex or dashed). */
  capes: z.array(z.string()).default([]),
})

/** A cape id in one spelling (32 lowercase hex), however Mojang or a client wrote it. */
export const compactCapeId = (id: string): string => id.replaceAll('-', '').toLowerCase()

/** A pooled Minecraft account. */
export type MinecraftAccount = z.infer<typeof minecraftAccountSchema>

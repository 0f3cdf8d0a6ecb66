/**
 * Shapes of the Mojang profile APIs (reference skins-and-peers.md §2.2 "The textures profile
 * property", §2.5 "Mojang lookup APIs"). Types are inferred from these schemas.
 * @module
 */
import { z } from 'zod'

/** 32 lowercase hex digits, the undashed form Mojang uses. */
export const undashedUuidSchema = z.string().regex(/^[0-9a-fA-F]{32}$/).transform((s) => s.toLowerCase())

/** `GET {apiBase}/users/profiles/minecraft/{name}` answer. */
export const nameLookupSchema = z.object({ id: undashedUuidSchema, name: z.string() })

/** One profile property; `signature` only when asked with `unsigned=false`. */
export const profilePropertySchema = z.object({ name: z.string(), value: z.string(), signature: z.string().optional() })

/** `GET {sessionBase}/session/minecraft/profile/{uuid}` answer. */
export const minecraftProfileSchema = z.object({
  id: undashedUuidSchema,
  name: z.string(),
  properties: z.array(profilePropertySchema).default([]),
})

/** Decoded `textures` property value (timestamp, profileId, profileName, textures.SKIN.url/metadata.model, CAPE). */
export const texturesPayloadSchema = z.object({
  timestamp: z.number(),
  profileId: z.string(),
  profileName: z.string(),
  signatureRequired: z.boolean().optional(),
  textures: z
    .object({
      SKIN: z.object({ url: z.string(), metadata: z.object({ model: z.string().optional() }).optional() }).optional(),
      CAPE: z.object({ url: z.string() }).optional(),
    })
    .default({}),
})

/** A profile as the session server returns it. */
export type MinecraftProfile = z.infer<typeof minecraftProfileSchema>
/** One profile property. */
export type ProfileProperty = z.infer<typeof profilePropertySchema>
/** Decoded `textures` property value. */
export type TexturesPayload = z.infer<typeof texturesPayloadSchema>

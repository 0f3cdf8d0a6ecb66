/**
 * Mojang-compatible profile service client and textures value helpers (api-contract "P").
 * @module
 */
export { createProfileService, type ProfileService, type ProfileServiceConfig } from './profile-service'
export { decodeTexturesValue, encodeTexturesValue, hashFromTextureUrl } from './textures-value'
export {
  minecraftProfileSchema,
  nameLookupSchema,
  profilePropertySchema,
  texturesPayloadSchema,
  undashedUuidSchema,
  type MinecraftProfile,
  type ProfileProperty,
  type TexturesPayload,
} from './schemas'

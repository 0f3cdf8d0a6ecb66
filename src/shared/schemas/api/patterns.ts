/**
 * Identifier patterns of the v2 API (reference/mineskin-api.md §1.4, §1.5, §2.3). No zod here: the
 * browser's form checks use them without pulling a schema library into the page.
 * @module
 */

/** 32 lowercase hex digits: a skin uuid without dashes (reference §1.4). */
export const UUID32 = /^[0-9a-f]{32}$/
/** 36-char dashed uuid (any case). */
export const UUID36 = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
/** 8 hex digits: a skin short id. */
export const SHORT_ID = /^[0-9a-f]{8}$/
/** 24 hex digits: a job id (MongoDB ObjectId-shaped, reference §1.1). */
export const JOB_ID = /^[0-9a-f]{24}$/
/** Texture or image hash: sha256 hex, 63 chars when Mojang trimmed a leading zero (reference §2.3). */
export const TEXTURE_HASH = /^[0-9a-f]{63,64}$/
/** Minecraft player names: 1–16 letters, digits and underscores (reference skins-and-peers.md §2.5). */
export const PLAYER_NAME = /^[A-Za-z0-9_]{1,16}$/
/** Skin names the API accepts (reference §1.5: ≤ 48 characters of letters, digits, space, _ . -). */
export const SKIN_NAME = /^[a-zA-Z0-9_.\- ]*$/
/** Longest skin name (reference §1.5). */
export const SKIN_NAME_MAX = 48

/** Normalises a 32-hex or dashed uuid to 32 lowercase hex digits. */
export const compactUuid = (id: string): string => id.replace(/-/g, '').toLowerCase()

/** True for a 32-hex or dashed uuid, in any case. */
export const isUuid = (value: string): boolean => UUID32.test(value.toLowerCase()) || UUID36.test(value)

/**
 * Size limits of an uploaded skin (reference mineskin-api.md §2.1 "Validation rules",
 * skins-and-peers.md §2.1 "Skin PNG layout").
 * @module
 */

/** Largest accepted skin file, bytes (MineSkin: 20 000 B). */
export const MAX_SKIN_BYTES = 20_000

/** Skin width in pixels; the only accepted width. */
export const SKIN_WIDTH = 64

/** Accepted heights: 64 (1.8+ layout) and 32 (legacy pre-1.8 layout). */
export const SKIN_HEIGHTS = [64, 32] as const

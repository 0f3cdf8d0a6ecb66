/**
 * Size limits of an uploaded skin: shared with the generate form's browser check, so both sides
 * enforce the same numbers (reference mineskin-api.md §2.1, skins-and-peers.md §2.1).
 * @module
 */
export { MAX_SKIN_BYTES, SKIN_HEIGHTS, SKIN_WIDTH } from '../../shared/skin/skin-file'

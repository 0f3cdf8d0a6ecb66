/**
 * Skin identifier checks shared by the `/{skin}` shortcut, the skin page and the API client.
 * @module
 */
import { SKIN_ID_LENGTHS } from './constants'

/** SPEC §5: a skin value is accepted only when it is exactly 8, 32 or 36 characters long. */
export const hasSkinIdLength = (value: string): boolean =>
  (SKIN_ID_LENGTHS as readonly number[]).includes(value.length)

/**
 * What a player field of the generate form holds (SPEC §5): nothing, a name, a uuid, or something
 * that can be neither — the last two kinds are judged locally, without a call.
 * @module
 */
import { isUuid, PLAYER_NAME } from '../schemas/api/patterns'

/** The kind of a player field's value. */
export type PlayerInputKind = 'empty' | 'name' | 'uuid' | 'invalid'

/** Classifies a player field's value (trimmed). */
export function playerInputKind(value: string): PlayerInputKind {
  const input = value.trim()
  if (!input) return 'empty'
  if (PLAYER_NAME.test(input)) return 'name'
  return isUuid(input) ? 'uuid' : 'invalid'
}

/**
 * The visitor's own skins in this browser (SPEC §4: a job that completes with a result adds its skin;
 * §9: capped at 100, oldest dropped first). Newest first; persisted.
 * @module
 */
import { MY_SKINS_CAP } from '../constants'
import { persistentJson } from './persistent-json'
import { arrayOf, isString } from './stored-shape'

/** Skin uuids, newest first. */
export const $mySkins = persistentJson<string[]>('ssg:my-skins', arrayOf(isString), [])

/** The list with `uuid` added as the newest; an id already listed moves to the front; at most 100. */
export function withOwnSkin(list: readonly string[], uuid: string): string[] {
  return [uuid, ...list.filter((id) => id !== uuid)].slice(0, MY_SKINS_CAP)
}

/** Adds a skin to the visitor's own skins. */
export function addOwnSkin(uuid: string): void {
  const list = $mySkins.get()
  if (list[0] !== uuid) $mySkins.set(withOwnSkin(list, uuid))
}

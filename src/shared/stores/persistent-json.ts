/**
 * JSON persistence for nanostores with a shape check: a corrupt or outdated localStorage entry falls
 * back to the initial value instead of crashing the island (SPEC §4 "persist in local storage").
 * @module
 */
import { persistentAtom } from '@nanostores/persistent'
import type { WritableAtom } from 'nanostores'
import type { Check } from './stored-shape'

/**
 * A localStorage-backed atom whose stored JSON must pass `check` (see `stored-shape.ts`). `prepare`
 * shapes the value that is written (e.g. drops empty entries); the value in memory keeps what the
 * visitor typed.
 */
export function persistentJson<T>(key: string, check: Check, initial: T, prepare: (value: T) => T = (value) => value): WritableAtom<T> {
  return persistentAtom<T>(key, initial, {
    encode: (value) => JSON.stringify(prepare(value)),
    decode: (raw) => {
      try {
        const value: unknown = JSON.parse(raw)
        return check(value) ? (value as T) : initial
      } catch {
        return initial
      }
    },
  })
}

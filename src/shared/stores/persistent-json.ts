/**
 * JSON persistence for nanostores with schema validation: a corrupt or outdated localStorage entry
 * falls back to the initial value instead of crashing the island (SPEC §4 "persist in local storage").
 * @module
 */
import { persistentAtom } from '@nanostores/persistent'
import type { WritableAtom } from 'nanostores'
import type * as z from 'zod/mini'

/**
 * A localStorage-backed atom whose stored JSON is checked against `schema` (zod/mini: browser bundles
 * stay small, DESIGN.md §4). `prepare` shapes the value that is written (e.g. drops empty entries);
 * the value in memory keeps what the visitor typed.
 */
export function persistentJson<S extends z.ZodMiniType>(
  key: string,
  schema: S,
  initial: z.infer<S>,
  prepare: (value: z.infer<S>) => z.infer<S> = (value) => value,
): WritableAtom<z.infer<S>> {
  return persistentAtom<z.infer<S>>(key, initial, {
    encode: (value) => JSON.stringify(prepare(value)),
    decode: (raw) => {
      try {
        const parsed = schema.safeParse(JSON.parse(raw))
        return parsed.success ? parsed.data : initial
      } catch {
        return initial
      }
    },
  })
}

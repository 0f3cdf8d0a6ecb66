/**
 * Checks player fields as they are typed (SPEC §2 Generate, §5): names through `/validate/name`,
 * uuids through `/validate/uuid`, each distinct value once, after a short pause in typing. Values
 * that can be neither, and empty ones, are judged locally without a call.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlayerCheck } from '../../shared/api/generate-api'
import { playerInputKind } from '../../shared/skin/player-input'
import { loadBrowserApi } from '../load-api'

/** Pause after the last keystroke before a value is looked up, ms. */
const TYPING_PAUSE_MS = 400

/** A value's check: its verdict, or `checking` while the call runs. */
export type PlayerCheckState = PlayerCheck | 'checking'

/**
 * The checks of `values`, and `check(value)` to get (or await) one verdict. A Map, not an object:
 * the keys are what the visitor typed, and a typed `__proto__` must not read Object.prototype.
 */
export function usePlayerChecks(values: string[]) {
  const [checks, setChecks] = useState<ReadonlyMap<string, PlayerCheckState>>(() => new Map())
  const calls = useRef(new Map<string, Promise<PlayerCheck>>())

  const check = useCallback((raw: string): Promise<PlayerCheck> => {
    const value = raw.trim()
    const kind = playerInputKind(value)
    if (kind === 'empty' || kind === 'invalid') return Promise.resolve({ state: 'invalid', reason: kind === 'empty' ? 'empty' : 'format' })
    let call = calls.current.get(value)
    if (!call) {
      setChecks((current) => new Map(current).set(value, 'checking'))
      // The calls load with the first check: a visitor who never types a player never loads them.
      call = Promise.all([loadBrowserApi(), import('../../shared/api/generate-api')]).then(([api, calls]) => calls.validatePlayer(api, value))
      calls.current.set(value, call)
      void call.then((result) => {
        // A failed check (offline, rate limited) is asked again next time instead of being remembered.
        if (result.state === 'unknown') calls.current.delete(value)
        setChecks((current) => new Map(current).set(value, result))
      })
    }
    return call
  }, [])

  const key = values.join('\n')
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const value of values) if (value.trim()) void check(value)
    }, TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
    // `values` is compared by content: the list is a new array on every render.
  }, [key, check])

  return { checks, check }
}

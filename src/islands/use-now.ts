/**
 * A clock for progress bars: the current time, re-read every `intervalMs` while `active` (so an idle
 * page does no work), and the `initial` time on the server and in the hydrating render.
 * @module
 */
import { useEffect, useState } from 'react'

/** The current time in epoch ms, ticking while `active`. */
export function useNow(active: boolean, intervalMs = 200, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock)
  useEffect(() => {
    setNow(clock())
    if (!active) return
    const timer = setInterval(() => setNow(clock()), intervalMs)
    return () => clearInterval(timer)
  }, [active, intervalMs, clock])
  return now
}

/**
 * Whole seconds until `until` (epoch ms), re-read every second while there are any left and at rest
 * once they are gone. The editor's own, not `../use-now`: a module the editor shares with the islands
 * of every page becomes a chunk of its own on those pages (Bun splits by which islands import a
 * module), and each extra chunk costs those pages a request and its wrapper bytes (DESIGN.md §4 JS budget).
 * @module
 */
import { useEffect, useState } from 'react'

/** Seconds left until `until`, rounded up; 0 once it has passed. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (left() === 0) return
    const timer = setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
    // `left` reads only `until`.
  }, [until])
  return seconds
}

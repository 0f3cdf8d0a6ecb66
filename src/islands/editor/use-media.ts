/**
 * Whether a media query matches, following changes (a window resized across the editor's breakpoint).
 * @module
 */
import { useEffect, useState } from 'react'

/** True while `query` matches. */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches)
  useEffect(() => {
    const list = matchMedia(query)
    const change = () => setMatches(list.matches)
    change()
    list.addEventListener('change', change)
    return () => list.removeEventListener('change', change)
  }, [query])
  return matches
}

/**
 * Keyboard behaviour of the temporary drawer (WAI-ARIA dialog pattern): focus moves in on open,
 * Tab stays inside, Escape closes, and focus returns to the control that opened it.
 * @module
 */
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])'

/** Wires focus handling for `panel` while `open`; `close` is called on Escape. */
export function useDrawerFocus(panel: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = panel.current
    if (!open || !element) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.querySelector<HTMLElement>(FOCUSABLE)?.focus()

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
        return
      }
      if (event.key !== 'Tab') return
      const items = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      const back = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-drawer-opener]')
      back?.focus()
    }
  }, [open, panel, close])
}

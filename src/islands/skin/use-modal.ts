/**
 * A native `<dialog>` opened as a modal (focus moves into it, Escape closes it, the page behind is
 * inert) that gives focus back to the control that opened it when it closes. The dialog is rendered
 * only from its first opening on (`mounted`), so its markup is not in every page's HTML.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/** Refs, state and handlers for one modal dialog. */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [mounted, setMounted] = useState(false)
  const [opening, setOpening] = useState(false)
  useEffect(() => {
    if (!opening || !ref.current) return
    if (!ref.current.open) ref.current.showModal()
    // React sets `autoFocus` by calling focus() while the dialog is still closed; this marks the
    // control that should have focus once it is open (else the first focusable one gets it).
    ref.current.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    setOpening(false)
  }, [opening, mounted])
  const open = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setMounted(true)
    setOpening(true)
  }, [])
  const close = useCallback(() => ref.current?.close(), [])
  const onClose = useCallback(() => opener.current?.focus(), [])
  return { ref, mounted, open, close, onClose }
}

/**
 * Copy buttons of a page. The page marks where they go, next to the fields they
 * copy (`data-copies="<element id>"`, src/server/components/skin/copy-field.tsx); this island adds
 * them once it can act on them (`copy/copy-spots.ts`), copies the named element's text on click, and
 * says so on the button ('Copied') and to screen readers. When the Clipboard API is missing or
 * refused, the text is selected and a snackbar asks for a manual copy. It also switches the commands
 * box's tabs in place. One delegated listener, no values in props: the island stays tiny on every
 * skin page.
 * @module
 */
import { useEffect, useState } from 'react'
import { showSnackbar } from '../shared/stores/snackbars'
import { BOX_SELECTOR, showCommandTab, TAB_SELECTOR } from './copy/command-tabs'
import { addCopyButtons, BUTTON_SELECTOR } from './copy/copy-spots'
import { loadCopyStrings } from './copy/copy-strings'
import { copyText } from './copy/copy-text'

/** How long a button says 'Copied', ms. */
const CONFIRM_MS = 2000
/** Events that show a visitor heading for a commands tab. */
const WARM_UP = ['pointerover', 'focusin', 'touchstart'] as const

/** Props: the translated button text and confirmation (the rarer strings are fetched, `copy/copy-strings.ts`). */
export interface CopyButtonsProps {
  copy: string
  copied: string
}

/** Shows `text` on `button` for a moment, then its own label again. */
function confirmOn(button: HTMLElement, text: string) {
  const label = button.querySelector('.copy-button__text')
  if (!label) return
  const original = button.dataset.label ?? label.textContent ?? ''
  button.dataset.label = original
  label.textContent = text
  button.dataset.copied = ''
  clearTimeout(Number(button.dataset.timer))
  button.dataset.timer = String(
    setTimeout(() => {
      label.textContent = original
      delete button.dataset.copied
    }, CONFIRM_MS),
  )
}

/** The island: a live region; the buttons are the page's. */
export default function CopyButtons({ copy, copied }: CopyButtonsProps) {
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    addCopyButtons(copy)
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return
      const tab = event.target.closest<HTMLAnchorElement>(TAB_SELECTOR)
      const box = tab?.closest<HTMLElement>(BOX_SELECTOR)
      if (tab && box && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
        if (showCommandTab(box, tab)) event.preventDefault()
        return
      }
      const button = event.target.closest<HTMLElement>(BUTTON_SELECTOR)
      const target = button?.dataset.copy ? document.getElementById(button.dataset.copy) : null
      if (!button || !target) return
      void copyText(target).then((ok) => {
        if (ok) {
          confirmOn(button, copied)
          // Re-set even when unchanged, so a second copy is announced again.
          setAnnouncement('')
          requestAnimationFrame(() => setAnnouncement(copied))
        } else {
          loadCopyStrings().then(
            ({ manual }) => showSnackbar({ text: manual, color: 'warning' }),
            (error: unknown) => console.warn('[copy-buttons] copy strings', error),
          )
        }
      })
    }
    // A visitor heading for a tab gets the other groups' hints on their way, so the switch does not
    // wait (a refused copy, rarer, waits for its hint).
    const warmUp = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest(TAB_SELECTOR)) return
      for (const type of WARM_UP) document.removeEventListener(type, warmUp, true)
      loadCopyStrings().catch((error: unknown) => console.warn('[copy-buttons] copy strings', error))
    }
    document.addEventListener('click', onClick)
    for (const type of WARM_UP) document.addEventListener(type, warmUp, { capture: true, passive: true })
    return () => {
      document.removeEventListener('click', onClick)
      for (const type of WARM_UP) document.removeEventListener(type, warmUp, true)
    }
  }, [copy, copied])
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </span>
  )
}

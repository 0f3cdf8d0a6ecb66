/**
 * Copy buttons of a page (issue 8 point 1). The buttons are server-rendered, `hidden`, next to the
 * fields they copy (`data-copy="<element id>"`, src/server/components/skin/copy-field.tsx); this
 * island shows them once it can act on them, copies the named element's text on click, and says so
 * on the button ('Copied') and to screen readers. When the Clipboard API is missing or refused, the
 * text is selected and a snackbar asks for a manual copy. It also switches the commands box's tabs in
 * place. One delegated listener, no values in props: the island stays tiny on every skin page.
 * @module
 */
import { useEffect, useState } from 'react'
import { showSnackbar } from '../shared/stores/snackbars'
import { showCommandTab, TAB_SELECTOR } from './copy/command-tabs'
import { copyText } from './copy/copy-text'

/** How long a button says 'Copied', ms. */
const CONFIRM_MS = 2000

/** Props: the translated confirmation and the manual-copy hint. */
export interface CopyButtonsProps {
  copied: string
  manual: string
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
export default function CopyButtons({ copied, manual }: CopyButtonsProps) {
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    for (const button of document.querySelectorAll<HTMLElement>('button[data-copy]')) button.hidden = false
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return
      const tab = event.target.closest<HTMLAnchorElement>(TAB_SELECTOR)
      const box = tab?.closest<HTMLElement>('[data-command-skin]')
      if (tab && box && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
        if (showCommandTab(box, tab)) event.preventDefault()
        return
      }
      const button = event.target.closest<HTMLElement>('button[data-copy]')
      const target = button?.dataset.copy ? document.getElementById(button.dataset.copy) : null
      if (!button || !target) return
      void copyText(target).then((ok) => {
        if (ok) {
          confirmOn(button, copied)
          // Re-set even when unchanged, so a second copy is announced again.
          setAnnouncement('')
          requestAnimationFrame(() => setAnnouncement(copied))
        } else {
          showSnackbar({ text: manual, color: 'warning' })
        }
      })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [copied, manual])
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </span>
  )
}

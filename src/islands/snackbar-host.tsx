/**
 * The global snackbar area (SPEC §2 "Other", §4, §9): top right, each closes after its timeout
 * (default 5000 ms; -1 never; paused while hovered or focused), closable, with an optional action
 * link; removing one re-stacks the rest.
 * @module
 */
import { mdiClose } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { $snackbars, dismissSnackbar, type Snackbar } from '../shared/stores/snackbars'
import { Icon } from '../shared/ui/icon'

function SnackbarItem({ snackbar }: { snackbar: Snackbar }) {
  const { t } = useI18n()
  // The clock stops while the pointer or focus is on the snackbar, so its action can be reached
  // (WCAG 2.2.1 Timing Adjustable); it goes on with the time that was left.
  const [held, setHeld] = useState(false)
  const left = useRef(snackbar.timeout)
  useEffect(() => {
    if (snackbar.timeout < 0 || held) return
    const started = Date.now()
    const timer = window.setTimeout(() => dismissSnackbar(snackbar.id), left.current)
    return () => {
      window.clearTimeout(timer)
      left.current = Math.max(0, left.current - (Date.now() - started))
    }
  }, [snackbar.id, snackbar.timeout, held])
  const hold = () => setHeld(true)
  const release = () => setHeld(false)
  return (
    <div
      className={`snackbar snackbar--${snackbar.color}`}
      role={snackbar.color === 'error' ? 'alert' : 'status'}
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <span className="snackbar__text">{snackbar.text}</span>
      {snackbar.actionLabel && snackbar.actionLink && (
        <a className="snackbar__action" href={snackbar.actionLink}>
          {snackbar.actionLabel}
        </a>
      )}
      {snackbar.closable && (
        <button type="button" className="icon-button icon-button--small" aria-label={t('snackbar.close')} onClick={() => dismissSnackbar(snackbar.id)}>
          <Icon path={mdiClose} size={18} />
        </button>
      )}
    </div>
  )
}

/** The snackbar island: an ARIA live region that lists the current snackbars. */
export default function SnackbarHost() {
  const snackbars = useStore($snackbars, { ssr: () => [] })
  return (
    <div className="snackbar-host" aria-live="polite">
      {snackbars.map((snackbar) => (
        <SnackbarItem key={snackbar.id} snackbar={snackbar} />
      ))}
    </div>
  )
}

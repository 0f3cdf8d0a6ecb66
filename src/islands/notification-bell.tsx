/**
 * The notification bell (SPEC §2 app bar, "Notification dialog", §4): shown on wide screens when
 * the flag `web.show_notifications` is on (the server renders it only then), the visitor is signed in
 * and the account has notifications. Its dialog is titled 'Notifications' and says 'No notifications'
 * once all are dismissed; dismissing removes one here first, then tells the account site.
 * @module
 */
import { mdiBell, mdiClose } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import type { AccountNotification } from '../shared/api/account-api'
import { useI18n } from '../shared/i18n/context'
import { $auth } from '../shared/stores/auth'
import { Icon } from '../shared/ui/icon'

/** Props: where the account API lives (SPEC §7: its own host). */
export interface NotificationBellProps {
  accountApiOrigin: string
}

/** The bell island; renders nothing until there is something to show. */
export default function NotificationBell({ accountApiOrigin }: NotificationBellProps) {
  const { t, locale } = useI18n()
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const [items, setItems] = useState<AccountNotification[]>([])
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  // The client (and the schema library it parses with) loads only for signed-in visitors (DESIGN.md §4).
  const api = () => import('../shared/api/account-api').then((m) => m.accountApi(accountApiOrigin))

  // SPEC §4: notifications are loaded only when signed in.
  useEffect(() => {
    if (auth.status !== 'signed-in') return
    let live = true
    void api()
      .then((client) => client.notifications())
      .then((list) => live && setItems(list))
    return () => {
      live = false
    }
  }, [auth.status, accountApiOrigin])

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [open])

  const dismiss = (id: string) => {
    setItems((list) => list.filter((n) => n.id !== id))
    void api().then((client) => client.dismiss(id))
  }

  if (items.length === 0 && !open) return null
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      <button type="button" className="icon-button notification-bell" aria-haspopup="dialog" aria-label={t('appBar.notifications', { count: items.length })} data-tooltip={t('notifications.title')} onClick={() => setOpen(true)}>
        <Icon path={mdiBell} />
        {items.length > 0 && <span className="count-badge">{items.length}</span>}
      </button>
      {open && (
        <dialog ref={dialog} className="dialog" aria-labelledby="notifications-title" onClose={() => setOpen(false)}>
          <header className="dialog__header">
            <h2 id="notifications-title">{t('notifications.title')}</h2>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => dialog.current?.close()}>
              <Icon path={mdiClose} />
            </button>
          </header>
          {items.length === 0 ? (
            <p className="dialog__empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="notifications" role="list">
              {items.map((n) => (
                <li key={n.id} className={`notification notification--${n.level ?? 'primary'}`}>
                  <h3>{n.title}</h3>
                  <p>{n.message}</p>
                  {n.links.length > 0 && (
                    <p className="notification__links">
                      {n.links.map((link) => (
                        <a key={link.url} href={link.url}>
                          {link.title}
                        </a>
                      ))}
                    </p>
                  )}
                  <footer className="notification__footer">
                    <time dateTime={new Date(n.createdAt).toISOString()}>{format.format(new Date(n.createdAt))}</time>
                    <button type="button" className="button button--text" onClick={() => dismiss(n.id)}>
                      {t('notifications.dismiss')}
                    </button>
                  </footer>
                </li>
              ))}
            </ul>
          )}
        </dialog>
      )}
    </>
  )
}

/**
 * The account control at the end of the app bar (SPEC §2): signed out, an account icon linking to the
 * account site; signed in, the avatar (picture or initial, 'member' style with `ad_free`) that opens the
 * right drawer. The server renders the signed-out
 * link, which also works without JavaScript.
 * @module
 */
import { mdiAccountCircle } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useI18n } from '../shared/i18n/context'
import { $auth } from '../shared/stores/auth'
import { $drawerOpen, toggleDrawer } from '../shared/stores/drawer'
import { Icon } from '../shared/ui/icon'
import { Avatar } from './auth/avatar'

/** Props: the account site. */
export interface AccountButtonProps {
  accountUrl: string
}

/** The account link or avatar island. */
export default function AccountButton({ accountUrl }: AccountButtonProps) {
  const { t } = useI18n()
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const open = useStore($drawerOpen)
  if (auth.status !== 'signed-in') {
    return (
      <a className="icon-button" href={accountUrl} aria-label={t('appBar.account')} data-tooltip={t('appBar.signIn')}>
        <Icon path={mdiAccountCircle} />
      </a>
    )
  }
  return (
    <button type="button" className="icon-button avatar" aria-label={t('appBar.account')} aria-controls="app-drawer" aria-expanded={open} data-drawer-opener="" data-tooltip={auth.email} onClick={toggleDrawer}>
      <Avatar auth={auth} />
    </button>
  )
}

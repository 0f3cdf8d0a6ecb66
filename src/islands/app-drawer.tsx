/**
 * The right drawer (SPEC §2): temporary, 320 px, opens from the end. Signed out it offers 'Sign In';
 * signed in, the user, their linked Minecraft account's face and name ("Wear it"; else a link to
 * link one) and 'Manage Account'; then the job list, the language select and a link to help
 * translate. Opened by the jobs button through the shared `$drawerOpen` store; without JavaScript
 * `#app-drawer` opens it via CSS `:target`.
 * @module
 */
import { mdiAccountCircle, mdiClose, mdiLogin, mdiLogout, mdiMinecraft } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { accountSiteUrl } from '../shared/auth/account-site'
import { minecraftOf } from '../shared/auth/minecraft-claim'
import { useI18n } from '../shared/i18n/context'
import { renderUrl } from '../shared/render-url'
import { $auth, type AuthState } from '../shared/stores/auth'
import { $drawerOpen } from '../shared/stores/drawer'
import { parseTheme } from '../shared/theme'
import { Icon } from '../shared/ui/icon'
import { checkAuth } from './auth-check'
import { Avatar } from './auth/avatar'
import { signIn as leaveToSignIn, loginUrlFor } from './auth/sign-in'
import { JobList } from './job-list'
import { LanguageSelect } from './language-select'
import { ThemeToggle } from './theme-toggle'
import { useDrawerFocus } from './use-drawer-focus'

/** Props of the drawer island. */
export interface AppDrawerProps {
  /** The translation project. */
  translateUrl: string
  /** The account site, for 'Manage Account' and the Minecraft account page when signed in. */
  accountUrl: string
  /** The account site's sign-out form action (POST; clears both cookies), when there is one. */
  signOutUrl?: string
  /** This page's absolute URL: where sign-in and sign-out return to (the sign-in link is built from it). */
  returnUrl: string
}

/**
 * The linked Minecraft account (web cookie `minecraft` claim): its face (a blank square while the
 * claim names no skin) and name; without one, "Link your Minecraft account". Both lead to the
 * account site's Minecraft page.
 */
function MinecraftRow({ claim, href }: { claim: AuthState['minecraft']; href: string }) {
  const { t } = useI18n()
  const minecraft = minecraftOf(claim)
  if (!minecraft)
    return (
      <a className="drawer__minecraft" href={href}>
        <Icon path={mdiMinecraft} />
        {t('wear.linkAccount')}
      </a>
    )
  return (
    <a className="drawer__minecraft" href={href}>
      {minecraft.skin ? (
        <img className="drawer__minecraft-face" src={renderUrl({ textureHash: minecraft.skin, view: 'face', size: 'small' })} alt="" width={32} height={32} />
      ) : (
        <span className="drawer__minecraft-face" />
      )}
      <span className="drawer__identity">
        <span className="drawer__minecraft-title">{t('wear.drawerTitle')}</span>
        <strong>{minecraft.name}</strong>
      </span>
    </a>
  )
}

/** The drawer island. */
export default function AppDrawer({ translateUrl, accountUrl, signOutUrl, returnUrl }: AppDrawerProps) {
  const signInUrl = loginUrlFor(accountUrl, returnUrl)
  const { t, locale } = useI18n()
  // It hydrates when first opened (hydrate-when.ts): from the server's closed state, then open.
  const open = useStore($drawerOpen, { ssr: () => false })
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const panel = useRef<HTMLElement>(null)
  // The theme switch works only with JavaScript, so the server page does not send it; it
  // starts from the theme the page has.
  const [started, setStarted] = useState(false)
  useEffect(() => setStarted(true), [])
  const close = useCallback(() => $drawerOpen.set(false), [])
  useDrawerFocus(panel, open, close)

  // SPEC §4: authentication is checked again when the job list opens.
  useEffect(() => {
    if (open) void checkAuth({ accountApiOrigin: document.documentElement.dataset.accountApi })
  }, [open])

  // A no-JS link to #app-drawer may have been followed before the island loaded: take over that state.
  useEffect(() => {
    if (window.location.hash === '#app-drawer') {
      history.replaceState(null, '', window.location.pathname + window.location.search)
      $drawerOpen.set(true)
    }
  }, [])

  const closeClick = (event: MouseEvent) => {
    event.preventDefault()
    close()
  }

  const signIn = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    // SPEC §2 "Sign-in": signed out locally first, then off to the account site after 100 ms.
    leaveToSignIn(event.currentTarget.href)
  }

  return (
    <div className={open ? 'drawer-root is-open' : 'drawer-root'}>
      <aside id="app-drawer" ref={panel} className="drawer" role="dialog" aria-modal="true" aria-label={t('drawer.label')} tabIndex={-1}>
        <div className="drawer__top">
          <a href="#" role="button" className="icon-button" aria-label={t('common.close')} onClick={closeClick}>
            <Icon path={mdiClose} />
          </a>
        </div>
        <section className="drawer__account">
          {auth.status === 'signed-in' ? (
            <>
              <div className="drawer__user">
                <Avatar auth={auth} size="large" />
                <div className="drawer__identity">
                  {auth.name && <strong>{auth.name}</strong>}
                  {auth.email && <span className="drawer__email">{auth.email}</span>}
                </div>
              </div>
              <MinecraftRow claim={auth.minecraft} href={accountSiteUrl(accountUrl, 'minecraft', locale)} />
              <a className="button button--outlined button--block" href={accountUrl}>
                <Icon path={mdiAccountCircle} />
                {t('drawer.manageAccount')}
              </a>
              {signOutUrl && (
                <form method="post" action={signOutUrl} className="drawer__sign-out">
                  <input type="hidden" name="redirect" value={returnUrl} />
                  <button type="submit" className="button button--text button--block">
                    <Icon path={mdiLogout} />
                    {t('drawer.signOut')}
                  </button>
                </form>
              )}
            </>
          ) : (
            <>
              <p className="drawer__hint">{t('drawer.signedOut')}</p>
              <a className="button button--primary button--block" href={signInUrl} onClick={signIn}>
                <Icon path={mdiLogin} />
                {t('drawer.signIn')}
              </a>
            </>
          )}
        </section>
        <JobList now={Date.now} />
        <div className="drawer__bottom">
          <LanguageSelect />
          <a className="drawer__translate" href={translateUrl}>
            {t('drawer.helpTranslate')}
          </a>
          {started && <ThemeToggle initial={parseTheme(document.documentElement.dataset.theme)} />}
        </div>
      </aside>
      <a href="#" className="drawer-scrim" aria-hidden="true" tabIndex={-1} onClick={closeClick} />
    </div>
  )
}

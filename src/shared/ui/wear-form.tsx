/**
 * "Wear this skin" (the "Wear it" feature, docs/features.md): a plain form posting the skin's uuid to
 * the account site's `minecraft/wear`, which puts the skin on the visitor's linked Minecraft account
 * and answers a page with a "Back" link to `back` (or sends them to sign in, or to link an account
 * first). A form rather than a script call, so it works without JavaScript and the same way from the
 * skin page, My Skins and the editor; the account site checks the Origin of the POST.
 * @module
 */
import { mdiTshirtCrew } from '@mdi/js'
import { accountSiteUrl } from '../auth/account-site'
import { useI18n } from '../i18n/context'
import { Icon } from './icon'

/** Props of {@link WearForm}. */
export interface WearFormProps {
  /** The account site's base (the app option `accountUrl`, `ACCOUNT_URL`). */
  accountUrl: string
  /** The skin's uuid (32 hex). */
  skin: string
  /** Where the account site's "Back" leads: this app's path of the skin's page, language prefix included. */
  back: string
  /**
   * The button's look: a text button (`outlined` or `primary`), or `icon` — an icon button whose
   * accessible name is the label followed by `name` (WCAG 2.5.3) and whose tooltip is the label.
   */
  look?: 'outlined' | 'primary' | 'icon'
  /** The skin's shown name, for the icon button's accessible name. */
  name?: string
  /** id of a hint that describes the button (`aria-describedby`). */
  hintId?: string
}

/** The form. */
export function WearForm({ accountUrl, skin, back, look = 'outlined', name, hintId }: WearFormProps) {
  const { t, locale } = useI18n()
  const label = t('wear.button')
  return (
    // The page's language goes along: the account site answers in it whatever the browser prefers.
    <form method="post" action={accountSiteUrl(accountUrl, 'wear', locale)} className="wear-form">
      <input type="hidden" name="skin" value={skin} />
      <input type="hidden" name="back" value={back} />
      {look === 'icon' ? (
        <button type="submit" className="icon-button icon-button--small" aria-label={name ? `${label}: ${name}` : label} data-tooltip={label}>
          <Icon path={mdiTshirtCrew} size={20} />
        </button>
      ) : (
        <button type="submit" className={`button button--${look}`} aria-describedby={hintId}>
          <Icon path={mdiTshirtCrew} />
          {label}
        </button>
      )}
    </form>
  )
}

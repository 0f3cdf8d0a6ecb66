/**
 * The built-in privacy page: what this instance stores and why — cookies, browser
 * storage, IP addresses, uploads and skins — and how to delete a skin. The footer's privacy link
 * points here unless the operator configured another page. Facts come from the code they describe;
 * the cookie names are checked against the API's constants by privacy-page.test.ts.
 * @module
 */
import { CLIENT_COOKIE } from '../../shared/client-cookie'
import type { Handler } from 'hono'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../shared/locales'
import { MY_SKINS_CAP, QUEUE_VIEW } from '../../shared/constants'
import { QUEUE_KEY_PREFIX } from '../../shared/stores/queue'
import { THEME_COOKIE } from '../../shared/theme'
import type { AppEnv } from '../env'

/** The anonymous client cookie (src/shared/client-cookie.ts; 365 days, HttpOnly). */
export const PRIVACY_CLIENT_COOKIE = CLIENT_COOKIE
/** The API session cookie of signed-in visitors (src/api/users/identity/session.ts SESSION_COOKIE). */
export const PRIVACY_SESSION_COOKIE = 'ssg_api'

const DAY = 24 * 60 * 60

interface Row {
  name: string
  purpose: MessageKey
  lifetime: string
}

/** The privacy page body; `imprint` is the operator's imprint when configured. */
export function PrivacyPage({ imprint }: { imprint?: string }) {
  const { t } = useI18n()
  const days = (seconds: number) => t('pages.privacy.days', { count: Math.round(seconds / DAY) })
  const cookies: Row[] = [
    { name: LOCALE_COOKIE, purpose: 'pages.privacy.cookieLocale', lifetime: days(LOCALE_COOKIE_MAX_AGE) },
    { name: THEME_COOKIE, purpose: 'pages.privacy.cookieTheme', lifetime: days(365 * DAY) },
    { name: PRIVACY_CLIENT_COOKIE, purpose: 'pages.privacy.cookieClient', lifetime: days(365 * DAY) },
    { name: PRIVACY_SESSION_COOKIE, purpose: 'pages.privacy.cookieSession', lifetime: t('pages.privacy.untilSignOut') },
  ]
  const storage: Row[] = [
    { name: `${QUEUE_KEY_PREFIX}…`, purpose: 'pages.privacy.storageQueue', lifetime: days(QUEUE_VIEW.maxAgeMs / 1000) },
    { name: 'ssg:generate-form', purpose: 'pages.privacy.storageForm', lifetime: t('pages.privacy.untilCleared') },
    { name: 'ssg:my-skins', purpose: 'pages.privacy.storageMySkins', lifetime: t('pages.privacy.untilCleared') },
    { name: 'ssg:generate-limits', purpose: 'pages.privacy.storageLimits', lifetime: t('pages.privacy.untilCleared') },
    { name: 'ssg:recent-views', purpose: 'pages.privacy.storageViews', lifetime: t('pages.privacy.untilCleared') },
  ]
  const table = (rows: Row[], caption: string) => (
    <div className="privacy__table-wrap">
      <table className="privacy__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pages.privacy.name')}</th>
            <th scope="col">{t('pages.privacy.purpose')}</th>
            <th scope="col">{t('pages.privacy.lifetime')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              <td data-label={t('pages.privacy.purpose')}>{t(row.purpose, { count: MY_SKINS_CAP })}</td>
              <td data-label={t('pages.privacy.lifetime')}>{row.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
  return (
    <article className="page privacy">
      <h1>{t('pages.privacy.title')}</h1>
      <p className="page__lead">{t('pages.privacy.lead')}</p>
      <section className="card" id="cookies" aria-labelledby="privacy-cookies">
        <h2 className="card__title" id="privacy-cookies">
          {t('pages.privacy.cookiesTitle')}
        </h2>
        <p>{t('pages.privacy.cookiesIntro')}</p>
        {table(cookies, t('pages.privacy.cookiesTitle'))}
      </section>
      <section className="card" aria-labelledby="privacy-storage">
        <h2 className="card__title" id="privacy-storage">
          {t('pages.privacy.storageTitle')}
        </h2>
        <p>{t('pages.privacy.storageIntro')}</p>
        {table(storage, t('pages.privacy.storageTitle'))}
      </section>
      <section className="card" aria-labelledby="privacy-ip">
        <h2 className="card__title" id="privacy-ip">
          {t('pages.privacy.ipTitle')}
        </h2>
        <p>{t('pages.privacy.ipLimits')}</p>
        <p>{t('pages.privacy.ipJobs')}</p>
      </section>
      <section className="card" aria-labelledby="privacy-skins">
        <h2 className="card__title" id="privacy-skins">
          {t('pages.privacy.skinsTitle')}
        </h2>
        <p>{t('pages.privacy.skinsUploads')}</p>
        <p>{t('pages.privacy.skinsVisibility')}</p>
        <p>{t('pages.privacy.skinsCommunity')}</p>
      </section>
      <section className="card" aria-labelledby="privacy-delete">
        <h2 className="card__title" id="privacy-delete">
          {t('pages.privacy.deleteTitle')}
        </h2>
        <p>{t('pages.privacy.deleteOwn')}</p>
        <p>{t('pages.privacy.deleteBrowser')}</p>
        {imprint && (
          <p>
            <a href={imprint}>{t('pages.privacy.contact')}</a>
          </p>
        )}
      </section>
    </article>
  )
}

/** `GET /privacy`. */
export const privacyPage: Handler<AppEnv> = (c) => {
  const { t } = c.get('i18n')
  return c.render(<PrivacyPage imprint={c.get('options').siteLinks.imprint} />, { title: t('pages.privacy.title'), description: t('pages.privacy.lead') })
}

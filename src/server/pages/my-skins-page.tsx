/**
 * My Skins (SPEC §2 `/my-skins`): the page shell — title, lead, and a no-JavaScript
 * note, since the list lives in this browser — around the `my-skins` island that lists the skins.
 * @module
 */
import type { Handler } from 'hono'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath } from '../../shared/routes'
import type { AppEnv } from '../env'
import { Island } from '../render/island'

/** The My Skins page body. */
export function MySkinsPage({ signInUrl, accountUrl }: { signInUrl: string; accountUrl: string }) {
  const { t, locale } = useI18n()
  return (
    <section className="page">
      <div className="my-skins__header">
        <h1>{t('pages.mySkins.title')}</h1>
        <a className="button button--outlined button--small" href={`${localizePath(ROUTES.export, locale)}?source=mine`}>
          {t('pages.mySkins.export')}
        </a>
      </div>
      <p className="page__lead">{t('pages.mySkins.lead')}</p>
      <noscript>
        <p className="notice">{t('pages.mySkins.noScript')}</p>
      </noscript>
      <Island name="my-skins" props={{ signInUrl, accountUrl }} />
    </section>
  )
}

/** `GET /my-skins`. */
export const mySkinsPage: Handler<AppEnv> = (c) => {
  const { t } = c.get('i18n')
  const options = c.get('options')
  const origin = options.publicUrl ?? new URL(c.req.url).origin
  const signInUrl = `${options.accountUrl}?redirect=${encodeURIComponent(origin + new URL(c.req.url).pathname)}`
  return c.render(<MySkinsPage signInUrl={signInUrl} accountUrl={options.accountUrl} />, { title: t('pages.mySkins.title'), description: t('pages.mySkins.lead') })
}

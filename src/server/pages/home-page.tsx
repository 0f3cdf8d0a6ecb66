/**
 * Home: Generate (SPEC §2 route `/`).
 * @module
 */
import { mdiAccountMultiple, mdiImageMultiple, mdiWeb } from '@mdi/js'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { ROUTES, localizePath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { Icon } from '../../shared/ui/icon'
import { SkinGrid } from '../components/skin-grid'

const WAYS: { icon: string; title: MessageKey; text: MessageKey }[] = [
  { icon: mdiWeb, title: 'pages.home.fromUrl', text: 'pages.home.fromUrlText' },
  { icon: mdiImageMultiple, title: 'pages.home.fromUpload', text: 'pages.home.fromUploadText' },
  { icon: mdiAccountMultiple, title: 'pages.home.fromUser', text: 'pages.home.fromUserText' },
]

/** The home page body; `latest` is the newest public skins (left out when the API is unavailable). */
export function HomePage({ latest }: { latest: SkinListItem[] }) {
  const { t, locale } = useI18n()
  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{t('pages.home.heading')}</h1>
        <p className="hero__lead">{t('pages.home.lead')}</p>
      </section>
      <section className="card" aria-labelledby="ways-title">
        <h2 id="ways-title" className="card__title">
          {t('pages.home.howTitle')}
        </h2>
        <ul className="ways" role="list">
          {WAYS.map((way) => (
            <li key={way.title} className="ways__item">
              <Icon path={way.icon} size={32} className="ways__icon" />
              <h3>{t(way.title)}</h3>
              <p>{t(way.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      {latest.length > 0 && (
        <section className="card" aria-labelledby="latest-title">
          <header className="card__header">
            <h2 id="latest-title" className="card__title">
              {t('pages.home.latest')}
            </h2>
            <a href={localizePath(ROUTES.skins, locale)}>{t('pages.home.browse')}</a>
          </header>
          <SkinGrid skins={latest} compact />
        </section>
      )}
    </>
  )
}

/**
 * Home: Generate (SPEC §2 route `/`): the generate form island, then the newest public skins.
 * @module
 */
import type { GenerateFormProps } from '../../islands/generate-form'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { SkinGrid } from '../components/skin-grid'
import { Island } from '../render/island'

/** The home page body; `latest` is the newest public skins (left out when the API is unavailable). */
export function HomePage({ latest, generate }: { latest: SkinListItem[]; generate: GenerateFormProps }) {
  const { t, locale } = useI18n()
  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{t('pages.home.heading')}</h1>
        <p className="hero__lead">{t('pages.home.lead')}</p>
      </section>
      <section className="card">
        <Island name="generate-form" props={generate} />
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

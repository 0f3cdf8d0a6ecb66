/**
 * Home: Generate (SPEC §2 route `/`): the generate form island with the service stats beside it
 * (below it on phones), then the newest public skins.
 * @module
 */
import type { GenerateFormProps } from '../../islands/generate-form'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { SkinGrid } from '../components/skin-grid'
import { Island } from '../render/island'

/** The numbers of the stats card (from `/v2/stats`, reference/mineskin-api.md §1.8). */
export interface HomeStats {
  /** New skins ever generated. */
  skins: number
  /** Generate jobs that succeeded (new and duplicate). */
  jobs: number
  /** Jobs being generated now. */
  active: number
  /** Mean time from submit to result (queue wait plus generation), ms. */
  durationMs: number
}

/** The stats card: four facts, kept tiny for the home page's HTML budget (DESIGN.md §4). */
function StatsCard({ stats }: { stats: HomeStats }) {
  const { t, locale } = useI18n()
  const count = new Intl.NumberFormat(locale)
  const seconds = new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 })
  const facts: [string, string][] = [
    [t('pages.home.statSkins'), count.format(stats.skins)],
    [t('pages.home.statJobs'), count.format(stats.jobs)],
    [t('pages.home.statActive'), count.format(stats.active)],
    [t('pages.home.statDuration'), seconds.format(stats.durationMs / 1000)],
  ]
  return (
    <aside className="card home-stats" aria-labelledby="stats-title">
      <h2 id="stats-title" className="card__title">
        {t('pages.home.stats')}
      </h2>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  )
}

/** The home page body; `latest` is the newest public skins, `stats` the service numbers (each left out when unavailable). */
export function HomePage({ latest, generate, stats }: { latest: SkinListItem[]; generate: GenerateFormProps; stats?: HomeStats }) {
  const { t, locale } = useI18n()
  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{t('pages.home.heading')}</h1>
        <p className="hero__lead">{t('pages.home.lead')}</p>
      </section>
      <div className={stats ? 'home-top' : undefined}>
        <section className="card">
          <Island name="generate-form" props={generate} />
        </section>
        {stats && <StatsCard stats={stats} />}
      </div>
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

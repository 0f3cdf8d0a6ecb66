/**
 * Capes (SPEC §2 `/cape-ad`): what capes are, which ones this instance can sign
 * skins with (`GET /v2/capes`, supported ones only — reference/mineskin-api.md §1.8), who may use
 * them (signed-in accounts with the `capes` grant, as the generate form offers them), and the way to
 * Generate.
 * @module
 */
import type { Handler } from 'hono'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath } from '../../shared/routes'
import { capeListResponseSchema, type CapeInfo } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { unavailable } from './unavailable'

/** The Capes page body. */
export function CapeAdPage({ capes }: { capes: CapeInfo[] }) {
  const { t, locale } = useI18n()
  return (
    <section className="page cape-ad">
      <h1>{t('pages.capeAd.title')}</h1>
      <p className="page__lead">{t('pages.capeAd.lead')}</p>
      <div className="card">
        <h2 className="card__title">{t('pages.capeAd.whatTitle')}</h2>
        <p>{t('pages.capeAd.what')}</p>
      </div>
      <div className="card">
        <h2 className="card__title">{t('pages.capeAd.availableTitle')}</h2>
        {capes.length > 0 ? (
          <ul className="cape-ad__capes" role="list">
            {capes.map((cape) => (
              <li key={cape.uuid} className="cape-ad__cape">
                <span className="cape-ad__front" aria-hidden="true">
                  <img src={`/textures/${encodeURIComponent(cape.hash)}`} alt="" width={64} height={32} loading="lazy" />
                </span>
                <span className="cape-ad__alias">{cape.alias}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="notice">{t('pages.capeAd.none')}</p>
        )}
      </div>
      <div className="card">
        <h2 className="card__title">{t('pages.capeAd.whoTitle')}</h2>
        <p>{t('pages.capeAd.who')}</p>
        <a className="button button--primary" href={localizePath(ROUTES.home, locale)}>
          {t('pages.capeAd.generate')}
        </a>
      </div>
    </section>
  )
}

/** `GET /cape-ad`. */
export const capeAdPage: Handler<AppEnv> = async (c) => {
  const { t } = c.get('i18n')
  const answer = await c.get('api').call('/v2/capes', capeListResponseSchema).catch(unavailable)
  const capes = (answer?.capes ?? []).filter((cape) => cape.supported)
  return c.render(<CapeAdPage capes={capes} />, { title: t('pages.capeAd.title'), description: t('pages.capeAd.lead') })
}

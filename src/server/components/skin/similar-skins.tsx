/**
 * Similar skins (flag `web.show_similar`, reference/mineskin-api.md §3.5): up to 8 head renders from
 * `GET /v2/skins/{id}/similar`; the route leaves the card out when the list is empty or failed.
 * @module
 */
import { useI18n } from '../../../shared/i18n/context'
import type { SkinListItem } from '../../../shared/schemas/api'
import { SkinGrid } from '../skin-grid'

/** At most this many similar skins are shown. */
export const SIMILAR_MAX = 8

/** The card; nothing when `skins` is empty. */
export function SimilarSkins({ skins }: { skins: SkinListItem[] }) {
  const { t } = useI18n()
  if (skins.length === 0) return null
  return (
    <section className="card skin-page__similar" aria-labelledby="similar-title">
      <h2 id="similar-title" className="card__title">
        {t('pages.skin.similar')}
      </h2>
      <SkinGrid skins={skins.slice(0, SIMILAR_MAX)} compact eager={0} />
    </section>
  )
}

/**
 * A grid of skin cards: head render (SPEC §7: heads scale 10) linking to the skin page. Used by the
 * gallery and the home page's latest strip.
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import { renderUrl } from '../../shared/render-url'
import { skinPath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'

/** Cards whose image loads at once (the default, so no attribute): the first rows are on screen, and lazy loading them would delay the page's largest paint. */
const EAGER_IMAGES = 12

/**
 * The skin cards; `compact` is the one-row strip of the home page, `id` names the grid that the
 * gallery's infinite scroll appends to (src/islands/gallery/skin-card.ts builds the same card markup).
 */
export function SkinGrid({ skins, compact = false, id, eager = EAGER_IMAGES }: { skins: SkinListItem[]; compact?: boolean; id?: string; /** How many images load at once; below the fold: 0. */ eager?: number }) {
  const { locale } = useI18n()
  return (
    <ul id={id} className={compact ? 'skin-grid skin-grid--compact' : 'skin-grid'} role="list">
      {skins.map((skin, index) => (
        <li key={skin.uuid} className="skin-card">
          <a href={skinPath(skin.uuid, locale)} className="skin-card__link">
            <img className="skin-card__image" src={renderUrl({ textureHash: skin.texture, view: 'head' })} alt="" width={120} height={120} loading={index < eager ? undefined : 'lazy'} decoding="async" />
            <span className="skin-card__name">{skin.name || skin.shortId}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

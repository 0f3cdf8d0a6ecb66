/**
 * A grid of skin cards: head render (SPEC §7: heads scale 10) linking to the skin page. Used by the
 * gallery, the home page's latest strip and the skin page's similar skins. Inside a card no element
 * has a class (the stylesheet reaches them through `.skin-card`): the bytes of every card count
 * against the HTML budget (30 KB a page, src/server/html-budget.test.ts), and so does each image's
 * `decoding="async"`, which a lazy 120 px head render does not need.
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import type { Locale } from '../../shared/locales'
import { renderUrl } from '../../shared/render-url'
import { skinPath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { escapeHtml } from '../render/html-text'

/**
 * Cards whose image loads at once (the default, so no `loading`): the first rows are on screen, and lazy
 * loading them would delay the page's largest paint. They carry `fetchPriority="low"` (an image's
 * default priority) because React otherwise hoists a preload of each into the head ahead of the
 * stylesheet, which then queues behind them (docs/performance.md "What loads when").
 */
const EAGER_IMAGES = 12

/**
 * The cards' HTML, built as a string: a gallery page is two dozen cards of four elements each, and
 * React spent more on them than on the rest of the page (docs/performance.md
 * "Server render"). The markup is byte for byte what the JSX rendered
 * (src/server/components/skin-grid.test.tsx), and what src/islands/gallery/skin-card.ts appends in the
 * browser.
 */
export function skinCardsHtml(skins: SkinListItem[], locale: Locale, eager: number): string {
  let html = ''
  for (let index = 0; index < skins.length; index++) {
    const skin = skins[index]!
    const load = index < eager ? ' fetchPriority="low"' : ' loading="lazy"'
    html +=
      `<li class="skin-card"><a href="${escapeHtml(skinPath(skin.uuid, locale))}">` +
      `<img src="${escapeHtml(renderUrl({ textureHash: skin.texture, view: 'head' }))}" alt="" width="120" height="120"${load}/>` +
      `<span>${escapeHtml(skin.name || skin.shortId)}</span></a></li>`
  }
  return html
}

/**
 * The skin cards; `compact` is the one-row strip of the home page, `id` names the grid that the
 * gallery's infinite scroll appends to (src/islands/gallery/skin-card.ts builds the same card markup).
 */
export function SkinGrid({ skins, compact = false, id, eager = EAGER_IMAGES }: { skins: SkinListItem[]; compact?: boolean; id?: string; /** How many images load at once; below the fold: 0. */ eager?: number }) {
  const { locale } = useI18n()
  return <ul id={id} className={compact ? 'skin-grid skin-grid--compact' : 'skin-grid'} role="list" dangerouslySetInnerHTML={{ __html: skinCardsHtml(skins, locale, eager) }} />
}

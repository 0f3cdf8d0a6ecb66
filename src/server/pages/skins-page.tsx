/**
 * Gallery (SPEC §2 `/skins`, `/skins/popular`, `/skins/random`; `?search=` filters).
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { ROUTES, localizePath } from '../../shared/routes'

/** The list categories (SPEC §3 "Skin list query": latest means no path segment). */
export type SkinCategory = 'latest' | 'popular' | 'random'

const CATEGORY_TABS: { category: SkinCategory; href: string; label: MessageKey }[] = [
  { category: 'latest', href: ROUTES.skins, label: 'pages.skins.tabLatest' },
  { category: 'popular', href: ROUTES.skinsPopular, label: 'pages.skins.tabPopular' },
  { category: 'random', href: ROUTES.skinsRandom, label: 'pages.skins.tabRandom' },
]

/** Heading text of a gallery view. */
export function galleryHeading(t: ReturnType<typeof useI18n>['t'], category: SkinCategory, search: string): string {
  if (search) return t('pages.skins.searchResults', { term: search })
  return t(category === 'popular' ? 'pages.skins.popular' : category === 'random' ? 'pages.skins.random' : 'pages.skins.latest')
}

/** The gallery page body. */
export function SkinsPage({ category, search }: { category: SkinCategory; search: string }) {
  const { t, locale } = useI18n()
  return (
    <section className="page">
      <h1>{galleryHeading(t, category, search)}</h1>
      <nav className="segmented" aria-label={t('pages.skins.title')}>
        {CATEGORY_TABS.map((tab) => (
          <a
            key={tab.category}
            href={localizePath(tab.href, locale)}
            className={tab.category === category && !search ? 'segmented__item is-active' : 'segmented__item'}
            aria-current={tab.category === category && !search ? 'page' : undefined}
          >
            {t(tab.label)}
          </a>
        ))}
      </nav>
    </section>
  )
}

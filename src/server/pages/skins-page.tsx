/**
 * Gallery (SPEC §2 `/skins`, `/skins/popular`, `/skins/random`; `?search=` filters). Server-rendered
 * pages of skins with a cursor link to the next page, so it works without JavaScript.
 * @module
 */
import { mdiMagnify } from '@mdi/js'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey, Translate } from '../../shared/i18n/translator'
import { ROUTES, localizePath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { Icon } from '../../shared/ui/icon'
import { SkinGrid } from '../components/skin-grid'

/** The list categories (SPEC §3 "Skin list query": latest means no path segment). */
export type SkinCategory = 'latest' | 'popular' | 'random'

/** Skins per gallery page: a multiple of 2, 3, 4 and 6 so the grid rows fill at every width. */
export const GALLERY_PAGE_SIZE = 36

const CATEGORY_PATH: Record<SkinCategory, string> = { latest: ROUTES.skins, popular: ROUTES.skinsPopular, random: ROUTES.skinsRandom }

const CATEGORY_TABS: { category: SkinCategory; label: MessageKey }[] = [
  { category: 'latest', label: 'pages.skins.tabLatest' },
  { category: 'popular', label: 'pages.skins.tabPopular' },
  { category: 'random', label: 'pages.skins.tabRandom' },
]

/** Heading text of a gallery view. */
export function galleryHeading(t: Translate, category: SkinCategory, search: string): string {
  if (search) return t('pages.skins.searchResults', { term: search })
  return t(category === 'popular' ? 'pages.skins.popular' : category === 'random' ? 'pages.skins.random' : 'pages.skins.latest')
}

/** What the gallery shows. */
export interface SkinsPageProps {
  category: SkinCategory
  search: string
  skins: SkinListItem[]
  /** Cursor of the next page, when there is one. */
  nextAfter?: string
  /** A readable problem with the request (e.g. a search term the API refuses). */
  problem?: string
}

/** The gallery page body. */
export function SkinsPage({ category, search, skins, nextAfter, problem }: SkinsPageProps) {
  const { t, locale } = useI18n()
  const base = localizePath(CATEGORY_PATH[category], locale)
  const next = nextAfter && (category === 'random' ? base : `${base}?${new URLSearchParams({ ...(search ? { search } : {}), after: nextAfter })}`)
  return (
    <section className="page">
      <h1>{galleryHeading(t, category, search)}</h1>
      <div className="gallery-toolbar">
        <nav className="segmented" aria-label={t('pages.skins.title')}>
          {CATEGORY_TABS.map((tab) => {
            const current = tab.category === category && !search
            return (
              <a key={tab.category} href={localizePath(CATEGORY_PATH[tab.category], locale)} className={current ? 'segmented__item is-active' : 'segmented__item'} aria-current={current ? 'page' : undefined}>
                {t(tab.label)}
              </a>
            )
          })}
        </nav>
        <form className="gallery-search" role="search" aria-label={t('pages.skins.searchLabel')} action={localizePath(ROUTES.skins, locale)} method="get">
          <label className="visually-hidden" htmlFor="gallery-search">
            {t('pages.skins.searchLabel')}
          </label>
          <input id="gallery-search" type="search" name="search" defaultValue={search} placeholder={t('appBar.searchSkins')} required pattern=".*\S.*" maxLength={32} />
          <button type="submit" className="icon-button" aria-label={t('appBar.search')}>
            <Icon path={mdiMagnify} />
          </button>
        </form>
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {skins.length > 0 ? <SkinGrid skins={skins} /> : !problem && <p className="notice">{t('pages.skins.empty')}</p>}
      {next && (
        <p className="pager">
          <a className="button button--outlined" href={next} rel={category === 'random' ? undefined : 'next'}>
            {t(category === 'random' ? 'pages.skins.moreRandom' : 'pages.skins.nextPage')}
          </a>
        </p>
      )}
    </section>
  )
}

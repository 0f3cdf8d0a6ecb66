/**
 * Gallery (SPEC §2 `/skins`, `/skins/popular`, `/skins/random`; `?search=` filters). Server-rendered
 * pages of skins with cursor links — Next (`after`), Previous (`before`) and Back to newest — so it
 * works without JavaScript; the `gallery-scroll` island appends the next pages on top of that.
 * @module
 */
import { mdiMagnify } from '@mdi/js'
import type { GalleryScrollProps } from '../../islands/gallery-scroll'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey, Translate } from '../../shared/i18n/translator'
import { ROUTES, localizePath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { Icon } from '../../shared/ui/icon'
import { SkinGrid } from '../components/skin-grid'
import { Island } from '../render/island'
import { useNonce } from '../render/use-nonce'

/** The list categories (SPEC §3 "Skin list query": latest means no path segment). */
export type SkinCategory = 'latest' | 'popular' | 'random'

/**
 * Skins per gallery page: a multiple of 2, 3, 4, 6 and 8 so the grid rows fill at every width, and
 * small enough for the 30 KB HTML budget (DESIGN.md §4); the infinite scroll brings the rest.
 */
export const GALLERY_PAGE_SIZE = 24

/** id of the grid the infinite scroll appends to, and of the 'Next' link it stands in for. */
export const GALLERY_GRID_ID = 'gallery-grid'
export const GALLERY_NEXT_ID = 'gallery-next'

const CATEGORY_PATH: Record<SkinCategory, string> = { latest: ROUTES.skins, popular: ROUTES.skinsPopular, random: ROUTES.skinsRandom }

const CATEGORY_TABS: { category: SkinCategory; label: MessageKey }[] = [
  { category: 'latest', label: 'pages.skins.tabLatest' },
  { category: 'popular', label: 'pages.skins.tabPopular' },
  { category: 'random', label: 'pages.skins.tabRandom' },
]

const EMPTY: Record<SkinCategory, MessageKey> = { latest: 'pages.skins.emptyLatest', popular: 'pages.skins.emptyPopular', random: 'pages.skins.emptyRandom' }

/** Heading text of a gallery view. */
export function galleryHeading(t: Translate, category: SkinCategory, search: string): string {
  if (search) return t('pages.skins.searchResults', { term: search })
  return t(category === 'popular' ? 'pages.skins.popular' : category === 'random' ? 'pages.skins.random' : 'pages.skins.latest')
}

/** Cursors of the neighbouring pages, when there are any. */
export interface GalleryCursors {
  /** `after` of the next page. */
  next?: string
  /** `before` of the previous page (only when this page is not the newest). */
  previous?: string
}

/** What the gallery shows. */
export interface SkinsPageProps {
  category: SkinCategory
  search: string
  skins: SkinListItem[]
  /** Skins per page asked for (kept in every link when it is not the default). */
  size?: number
  cursors?: GalleryCursors
  /** A readable problem with the request (e.g. a search term the API refuses). */
  problem?: string
  /** A readable note about ignored query values (a bad or unknown cursor). */
  notice?: string
  /** The page was asked for with a cursor that was found (an empty answer is then past the end). */
  paged?: boolean
  /** Public origin, for the JSON-LD breadcrumbs (reference/mineskin-api.md §3.4); left out when unset. */
  origin?: string
}

/** JSON-LD BreadcrumbList: home, gallery, and the current view when it is not the plain gallery. */
function Breadcrumbs({ origin, trail }: { origin: string; trail: [string, string][] }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: origin + path })),
  }
  // `<` escaped so a search term can never close the script element.
  return <script type="application/ld+json" nonce={useNonce()} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
}

/** `base` with the search, a non-default size and one cursor. */
function galleryUrl(base: string, search: string, size: number, cursor?: { after?: string; before?: string }): string {
  const p = new URLSearchParams()
  if (search) p.set('search', search)
  if (size !== GALLERY_PAGE_SIZE) p.set('size', String(size))
  if (cursor?.after) p.set('after', cursor.after)
  if (cursor?.before) p.set('before', cursor.before)
  const query = p.toString()
  return query ? `${base}?${query}` : base
}

/** The gallery page body. */
export function SkinsPage({ category, search, skins, size = GALLERY_PAGE_SIZE, cursors = {}, problem, notice, paged = false, origin }: SkinsPageProps) {
  const { t, locale } = useI18n()
  const base = localizePath(CATEGORY_PATH[category], locale)
  const all = localizePath(ROUTES.skins, locale)
  const newest = galleryUrl(base, search, size)
  const scroll: GalleryScrollProps | null =
    cursors.next && category !== 'random'
      ? { category, filter: search || undefined, size, after: cursors.next, page: newest, labels: { loading: t('pages.skins.loading'), end: t('pages.skins.end') } }
      : null
  return (
    <section className="page">
      <h1>{galleryHeading(t, category, search)}</h1>
      {origin && (
        <Breadcrumbs
          origin={origin}
          trail={[
            [t('pages.home.heading'), localizePath(ROUTES.home, locale)],
            [t('pages.skins.title'), all],
            ...(category !== 'latest' || search ? [[galleryHeading(t, category, search), galleryUrl(base, search, GALLERY_PAGE_SIZE)] as [string, string]] : []),
          ]}
        />
      )}
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
        <form className="gallery-search" role="search" aria-label={t('pages.skins.searchLabel')} action={all} method="get">
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
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {skins.length > 0 ? (
        <SkinGrid skins={skins} id={GALLERY_GRID_ID} />
      ) : (
        !problem && <GalleryEmpty category={category} search={search} pastEnd={paged} all={all} newest={newest} />
      )}
      {scroll && <Island name="gallery-scroll" props={scroll} />}
      {category === 'random' ? (
        skins.length > 0 && (
          <p className="pager">
            <a className="button button--outlined" href={newest}>
              {t('pages.skins.moreRandom')}
            </a>
          </p>
        )
      ) : (
        (cursors.next || cursors.previous) && (
          <nav className="pager" aria-label={t('pages.skins.pages')}>
            {cursors.previous && (
              <>
                <a className="button button--text" href={newest}>
                  {t('pages.skins.newest')}
                </a>
                <a className="button button--outlined" href={galleryUrl(base, search, size, { before: cursors.previous })} rel="prev">
                  {t('pages.skins.previousPage')}
                </a>
              </>
            )}
            {cursors.next && (
              <a id={GALLERY_NEXT_ID} className="button button--outlined" href={galleryUrl(base, search, size, { after: cursors.next })} rel="next">
                {t('pages.skins.nextPage')}
              </a>
            )}
          </nav>
        )
      )}
    </section>
  )
}

/** The empty state of each mode: what is missing, and where to go instead. */
function GalleryEmpty({ category, search, pastEnd, all, newest }: { category: SkinCategory; search: string; pastEnd: boolean; all: string; newest: string }) {
  const { t, locale } = useI18n()
  if (search)
    return (
      <p className="notice gallery-empty">
        {t('pages.skins.noMatch', { term: search })} <a href={all}>{t('pages.skins.allSkins')}</a>
      </p>
    )
  if (pastEnd)
    return (
      <p className="notice gallery-empty">
        {t('pages.skins.emptyPage')} <a href={newest}>{t('pages.skins.newest')}</a>
      </p>
    )
  return (
    <p className="notice gallery-empty">
      {t(EMPTY[category])}{' '}
      {category === 'latest' ? <a href={localizePath(ROUTES.home, locale)}>{t('pages.skins.generateFirst')}</a> : <a href={all}>{t('pages.skins.allSkins')}</a>}
    </p>
  )
}

/**
 * Structured data of a skin page (reference/mineskin-api.md §3.5 SEO): a schema.org WebPage with the
 * body render, and — when the skin has tags — the first tags (as many as the page lists) as keywords
 * and a breadcrumb trail through the first tag: gallery → tag search (`/skins?search=<tag>`) → skin.
 * No `description`: search engines read the page's meta description, and the page's bytes count
 * (the HTML budget: ≤ 30 KB in Hindi too); the trail's last item names the page without repeating its
 * URL, as schema.org allows.
 * @module
 */
import { PRODUCT_NAME, SKIN_PAGE_TAGS } from '../../../shared/constants'
import { useI18n } from '../../../shared/i18n/context'
import { ROUTES, localizePath, searchPath } from '../../../shared/routes'
import type { SkinInfo } from '../../../shared/schemas/api'
import { useNonce } from '../../render/use-nonce'

/** Props: the skin and the absolute URLs the page already computed. */
export interface SkinSeoProps {
  skin: SkinInfo
  name: string
  origin: string
  canonical: string
  image: string
}

/** JSON-LD that cannot close its script element. */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The `<script type="application/ld+json">` of the page. */
export function SkinSeo({ skin, name, origin, canonical, image }: SkinSeoProps) {
  const { t, locale } = useI18n()
  const tags = (skin.tags ?? []).slice(0, SKIN_PAGE_TAGS).map(({ tag }) => tag)
  const first = tags[0]
  const page = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name,
    url: canonical,
    inLanguage: locale,
    image,
    datePublished: new Date(skin.generator.timestamp).toISOString(),
    isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: origin + localizePath('/', locale) },
    ...(tags.length ? { keywords: tags.join(', ') } : {}),
    // One trail (search engines show one): gallery → the first tag's search → this skin.
    ...(first
      ? {
          breadcrumb: {
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: t('pages.skins.title'), item: origin + localizePath(ROUTES.skins, locale) },
              { '@type': 'ListItem', position: 2, name: first, item: origin + searchPath(first, locale) },
              { '@type': 'ListItem', position: 3, name },
            ],
          },
        }
      : {}),
  }
  return <script type="application/ld+json" nonce={useNonce()} dangerouslySetInnerHTML={{ __html: jsonLd(page) }} />
}

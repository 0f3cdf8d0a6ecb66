/**
 * The page routes of SPEC §2 and the helpers that add or strip the language prefix.
 * Every localised route exists unprefixed (en) and under `/{locale}` for the eight other languages.
 * @module
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

/** Named page routes (SPEC §2). `skin` takes a skin id. */
export const ROUTES = {
  home: '/',
  skins: '/skins',
  skinsPopular: '/skins/popular',
  skinsRandom: '/skins/random',
  skin: '/skins/:skin',
  mySkins: '/my-skins',
  account: '/account',
  apikey: '/apikey',
  capeAd: '/cape-ad',
  export: '/export',
  /** Where the Export page's plain GET form downloads the file. */
  exportDownload: '/export/download',
  /** The built-in privacy page: what this instance stores. */
  privacy: '/privacy',
  /** The API reference, read from the API's OpenAPI document. */
  apiReference: '/api-reference',
  /** One endpoint of the API reference by its operationId. */
  apiReferenceEndpoint: '/api-reference/:operation',
  gallery: '/gallery',
  /** Where the generate form posts without JavaScript. */
  generate: '/generate',
  /** A job's own page, refreshing itself until the job ends (the no-JavaScript generate flow). */
  job: '/jobs/:job',
  /** The skin editor (docs/features.md "Skin editor"); `?skin=`, `?player=` or `?url=` choose what it opens. */
  editor: '/editor',
} as const
/** Name of a localised page route. */
export type RouteName = keyof typeof ROUTES

/** Placeholder pages that exist only without a language prefix (SPEC §2). */
export const UNPREFIXED_ROUTES = ['/bulk', '/stats'] as const

/** Adds the language prefix to an app path: `('/skins','de')` → `/de/skins`, `('/','de')` → `/de`; `en` keeps the path. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path
  return path === '/' ? `/${locale}` : `/${locale}${path}`
}

/** Splits `/de/skins` into `{ locale: 'de', path: '/skins' }`; an unprefixed path gives `locale: null`. */
export function splitLocale(pathname: string): { locale: Locale | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname)
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || '/' }
  }
  return { locale: null, path: pathname }
}

/**
 * `value` as one path segment. Ids are hex or dashed hex, which need no encoding; checking that is
 * cheaper than encoding dozens of ids per gallery page.
 */
export const pathSegment = (value: string): string => (/^[0-9a-zA-Z-]*$/.test(value) ? value : encodeURIComponent(value))

/** The path of a skin page: `/skins/{id}` localised. */
export const skinPath = (id: string, locale: Locale): string => localizePath(`/skins/${pathSegment(id)}`, locale)

/** The path of a job page: `/jobs/{id}` localised. */
export const jobPath = (id: string, locale: Locale): string => localizePath(`/jobs/${pathSegment(id)}`, locale)

/** The path of an API reference endpoint page: `/api-reference/{operationId}` localised. */
export const apiReferencePath = (operationId: string, locale: Locale): string =>
  localizePath(`/api-reference/${encodeURIComponent(operationId)}`, locale)

/** `/skins?search=…` for a search term (SPEC §2 app bar), spaces as `+` as the search form sends them. */
export const searchPath = (term: string, locale: Locale): string =>
  `${localizePath(ROUTES.skins, locale)}?search=${encodeURIComponent(term).replaceAll('%20', '+')}`

/** The editor opening a copy of a skin: `/editor?skin={uuid}` localised ("Edit a copy"). */
export const editCopyPath = (uuid: string, locale: Locale): string => `${localizePath(ROUTES.editor, locale)}?skin=${pathSegment(uuid)}`

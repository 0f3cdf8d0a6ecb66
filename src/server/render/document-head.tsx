/**
 * `<head>` of every page: title per SPEC §1, description, canonical and hreflang alternates for the
 * nine languages, Open Graph, the hashed stylesheet and the icon.
 * @module
 */
import type { Props } from '@hono/react-renderer'
import { useRequestContext } from '@hono/react-renderer'
import { PRODUCT_NAME, THEME_PRIMARY } from '../../shared/constants'
import { useI18n } from '../../shared/i18n/context'
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locales'
import { localizePath } from '../../shared/routes'
import type { AppEnv } from '../env'
import { useNonce } from './use-nonce'

/**
 * The document head. A page kept out of search indexes (`noindex`: unlisted and private skins, job
 * and error pages) has no language alternates: they only tell search engines which version to index
 * (some 1 KB of every such page).
 */
export function DocumentHead({ title, description, image, noindex, localized = true, refresh }: Props) {
  const c = useRequestContext<AppEnv>()
  const nonce = useNonce()
  const { t, locale } = useI18n()
  const origin = c.get('options').publicUrl ?? new URL(c.req.url).origin
  const path = c.get('appPath')
  const fullTitle = title ? t('meta.titleTemplate', { title, product: PRODUCT_NAME }) : t('meta.title')
  const metaDescription = description ?? t('meta.description')
  const canonical = origin + (localized ? localizePath(path, locale) : path)
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{fullTitle}</title>
      <meta name="description" content={metaDescription} />
      {noindex && <meta name="robots" content="noindex" />}
      {refresh !== undefined && <meta httpEquiv="refresh" content={String(refresh)} />}
      <meta name="theme-color" content={THEME_PRIMARY.dark} />
      <link rel="canonical" href={canonical} />
      {localized &&
        !noindex &&
        LOCALES.map((l) => <link key={l.code} rel="alternate" hrefLang={l.code} href={origin + localizePath(path, l.code)} />)}
      {localized && !noindex && <link rel="alternate" hrefLang="x-default" href={origin + localizePath(path, DEFAULT_LOCALE)} />}
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={metaDescription} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content="website" />
      {image && <meta property="og:image" content={image.startsWith('/') ? origin + image : image} />}
      {/* A small card: page images are skin renders, taller than wide, which a large card would crop. */}
      <meta name="twitter:card" content="summary" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {/* Bun's chunk loader reads the CSP nonce here for the modulepreload links it adds when an
          island's chunk is imported (every modulepreload carries the nonce). */}
      {nonce && <meta property="csp-nonce" nonce={nonce} />}
      {/* `precedence` makes React emit the stylesheet at the top of the head, ahead of the module
          preloads it hoists (island-scripts.tsx): the render-blocking CSS is requested first, and
          the JavaScript never queues in front of it (docs/performance.md "What loads when"). */}
      <link rel="stylesheet" href={c.get('manifest').css} precedence="default" />
    </head>
  )
}

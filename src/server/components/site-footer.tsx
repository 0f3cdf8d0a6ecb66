/**
 * The footer (SPEC §2): the SPEC's links grouped in columns, credits, language links
 * (so switching works without JavaScript), copyright with the current year and the disclaimer. It
 * states only what is true of this instance: links and credits the operator did not configure
 * (src/shared/site-links.ts) are left out; privacy and cookies fall back to the built-in privacy page.
 * @module
 */
import { useRequestContext } from '@hono/react-renderer'
import { renderToString } from 'react-dom/server'
import { I18nProvider, useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { languageSwitchHref } from '../../shared/language-switch'
import { LOCALES, type Locale } from '../../shared/locales'
import { PRODUCT_NAME } from '../../shared/constants'
import { ROUTES, localizePath } from '../../shared/routes'
import { ACCOUNT_SITE_PREFIX, type SiteLinkKey, type SiteLinks } from '../../shared/site-links'
import type { AppEnv } from '../env'
import { cachedFragment, instanceKey } from '../render/fragment-cache'

interface FooterLink {
  key: SiteLinkKey
  label: MessageKey
}

const COLUMNS: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: 'footer.community',
    links: [
      { key: 'chat', label: 'footer.chat' },
      { key: 'source', label: 'footer.source' },
      { key: 'blog', label: 'footer.blog' },
      { key: 'translate', label: 'footer.translate' },
    ],
  },
  {
    title: 'footer.account',
    links: [
      { key: 'accountManager', label: 'footer.accountManager' },
      { key: 'apiKeys', label: 'footer.apiKeys' },
      { key: 'status', label: 'footer.status' },
    ],
  },
  {
    title: 'footer.developers',
    links: [
      { key: 'docs', label: 'footer.docs' },
      { key: 'apiReference', label: 'footer.apiReference' },
      { key: 'apiReferenceV1', label: 'footer.apiReferenceV1' },
      { key: 'classic', label: 'footer.classic' },
    ],
  },
]

const LEGAL: FooterLink[] = [
  { key: 'imprint', label: 'footer.imprint' },
  { key: 'privacy', label: 'footer.privacy' },
  { key: 'terms', label: 'footer.terms' },
  { key: 'cookies', label: 'footer.cookies' },
]

const CREDITS: { key: 'cdn' | 'monitoring' | 'hosting'; label: MessageKey }[] = [
  { key: 'cdn', label: 'footer.protectedBy' },
  { key: 'monitoring', label: 'footer.monitoredBy' },
  { key: 'hosting', label: 'footer.hostedBy' },
]

/**
 * Where a footer link points: the configured target (app paths localised; account-site paths under
 * `accountBase` in the page's language, or the app's `/account` page when no account site runs), the
 * built-in page, or nowhere.
 */
export function footerHref(links: SiteLinks, key: SiteLinkKey, locale: Locale, accountBase?: string): string | undefined {
  const configured = links[key]
  if (configured?.startsWith(`${ACCOUNT_SITE_PREFIX}/`)) {
    if (!accountBase) return localizePath(ROUTES.account, locale)
    return `${accountBase.replace(/\/+$/, '')}${configured.slice(ACCOUNT_SITE_PREFIX.length)}?lang=${encodeURIComponent(locale)}`
  }
  if (configured) return configured.startsWith('/') ? localizePath(configured, locale) : configured
  if (key === 'privacy') return localizePath(ROUTES.privacy, locale)
  if (key === 'cookies') return `${localizePath(ROUTES.privacy, locale)}#cookies`
  return undefined
}

/**
 * The footer of every page. It is the same for every page of a language (no per-page URLs in it), so
 * its HTML is rendered once per language, year and configuration and reused (render/fragment-cache.ts).
 */
export function SiteFooter() {
  // Every hook runs before the nested render (react#22214, as in island.tsx).
  const c = useRequestContext<AppEnv>()
  const i18n = useI18n()
  const options = c.get('options')
  const year = options.now().getUTCFullYear()
  const html = cachedFragment(`footer\u0000${instanceKey(options)}\u0000${i18n.locale}\u0000${year}`, () =>
    renderToString(
      <I18nProvider value={i18n}>
        <FooterContent links={options.siteLinks} year={year} accountBase={options.accountApiOrigin} />
      </I18nProvider>,
    ),
  )
  return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />
}

/** What is inside the footer element. */
function FooterContent({ links, year, accountBase }: { links: SiteLinks; year: number; accountBase?: string }) {
  const { t, locale } = useI18n()
  const present = (list: FooterLink[]) => list.flatMap((link) => (footerHref(links, link.key, locale, accountBase) ? [{ ...link, href: footerHref(links, link.key, locale, accountBase)! }] : []))
  const credits = CREDITS.flatMap((credit) => (links[credit.key] ? [{ ...credit, ...links[credit.key]! }] : []))
  return (
    <>
      <nav className="site-footer__columns" aria-label={t('footer.label')}>
        {COLUMNS.map((column) => {
          const shown = present(column.links)
          return (
            shown.length > 0 && (
              <div key={column.title}>
                <h2>{t(column.title)}</h2>
                <ul role="list">
                  {shown.map((link) => (
                    <li key={link.key}>
                      <a href={link.href}>{t(link.label)}</a>
                    </li>
                  ))}
                </ul>
              </div>
            )
          )
        })}
      </nav>
      {credits.length > 0 && (
        <ul className="site-footer__credits" role="list">
          {credits.map((credit) => (
            <li key={credit.key}>
              {t(credit.label)} <a href={credit.url}>{credit.name}</a>
            </li>
          ))}
        </ul>
      )}
      <nav className="site-footer__languages" aria-label={t('footer.languages')}>
        <ul role="list">
          {LOCALES.map((l) => (
            <li key={l.code}>
              <a href={languageSwitchHref(l.code)} hrefLang={l.code} lang={l.code} aria-current={l.code === locale ? 'true' : undefined}>
                {l.nativeName}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-footer__bottom">
        <ul className="site-footer__legal" role="list">
          {present(LEGAL).map((link) => (
            <li key={link.key}>
              <a href={link.href}>{t(link.label)}</a>
            </li>
          ))}
        </ul>
        <p className="site-footer__copyright">{t('footer.copyright', { year, product: PRODUCT_NAME })}</p>
        <p className="site-footer__disclaimer">{t('footer.disclaimer')}</p>
      </div>
    </>
  )
}

/**
 * The footer (SPEC §2): every link of the SPEC grouped in columns, credits, language links (so
 * switching works without JavaScript), copyright with the current year and the disclaimer.
 * @module
 */
import { useRequestContext } from '@hono/react-renderer'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { languageSwitchHref } from '../../shared/language-switch'
import { LOCALES } from '../../shared/locales'
import { PRODUCT_NAME } from '../../shared/constants'
import type { SiteLinks } from '../../shared/site-links'
import type { AppEnv } from '../env'

type LinkKey = keyof SiteLinks

const COLUMNS: { title: MessageKey; links: { key: LinkKey; label: MessageKey }[] }[] = [
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

const LEGAL: { key: LinkKey; label: MessageKey }[] = [
  { key: 'imprint', label: 'footer.imprint' },
  { key: 'privacy', label: 'footer.privacy' },
  { key: 'terms', label: 'footer.terms' },
  { key: 'cookies', label: 'footer.cookies' },
]

const CREDITS: { key: LinkKey; label: MessageKey; name: string }[] = [
  { key: 'cdn', label: 'footer.protectedBy', name: 'Cloudflare' },
  { key: 'monitoring', label: 'footer.monitoredBy', name: 'OpenTelemetry' },
  { key: 'hosting', label: 'footer.hostedBy', name: 'Bun' },
]

/** The footer of every page; `appUrl` is the current path and query without language prefix. */
export function SiteFooter({ appUrl }: { appUrl: string }) {
  const c = useRequestContext<AppEnv>()
  const { t, locale } = useI18n()
  const options = c.get('options')
  const links = options.siteLinks
  return (
    <footer className="site-footer">
      <nav className="site-footer__columns" aria-label={t('footer.label')}>
        {COLUMNS.map((column) => (
          <div key={column.title} className="site-footer__column">
            <h2 className="site-footer__heading">{t(column.title)}</h2>
            <ul role="list">
              {column.links.map((link) => (
                <li key={link.key}>
                  <a href={links[link.key]}>{t(link.label)}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <ul className="site-footer__credits" role="list">
        {CREDITS.map((credit) => (
          <li key={credit.key}>
            {t(credit.label)} <a href={links[credit.key]}>{credit.name}</a>
          </li>
        ))}
      </ul>
      <nav className="site-footer__languages" aria-label={t('footer.languages')}>
        <ul role="list">
          {LOCALES.map((l) => (
            <li key={l.code}>
              <a href={languageSwitchHref(l.code, appUrl)} hrefLang={l.code} lang={l.code} aria-current={l.code === locale ? 'true' : undefined}>
                {l.nativeName}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-footer__bottom">
        <ul className="site-footer__legal" role="list">
          {LEGAL.map((link) => (
            <li key={link.key}>
              <a href={links[link.key]}>{t(link.label)}</a>
            </li>
          ))}
        </ul>
        <p className="site-footer__copyright">{t('footer.copyright', { year: options.now().getUTCFullYear(), product: PRODUCT_NAME })}</p>
        <p className="site-footer__disclaimer">{t('footer.disclaimer')}</p>
      </div>
    </footer>
  )
}

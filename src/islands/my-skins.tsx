/**
 * My Skins (SPEC §2 `/my-skins`): the skins this browser generated, plus the
 * signed-in account's own skins of every visibility, newest first, 'Load more' at a time. The list
 * lives in the browser, so the server renders an empty shell and the page says so without JavaScript.
 * @module
 */
import { useI18n } from '../shared/i18n/context'
import { ROUTES, localizePath } from '../shared/routes'
import { OwnSkinCard } from './my-skins/skin-card'
import { useOwnSkins } from './my-skins/use-own-skins'

/** Skins per 'Load more'. */
const PAGE_SIZE = 24

/** Props of the My Skins island. */
export interface MySkinsProps {
  /** Where 'Sign In' leads (the account site). */
  signInUrl: string
  /** The account site's base, where each card's "Wear this skin" posts. */
  accountUrl: string
}

/** The My Skins island. */
export default function MySkins({ signInUrl, accountUrl }: MySkinsProps) {
  const { t, locale } = useI18n()
  const own = useOwnSkins(PAGE_SIZE)
  if (!own.started) return <div className="my-skins" />
  const empty = own.entries.length === 0 && !own.loading
  return (
    <div className="my-skins" aria-busy={own.loading}>
      {own.serverFailed && <p className="notice notice--error">{t('pages.mySkins.accountFailed')}</p>}
      {empty ? (
        <div className="notice my-skins__empty">
          <p>{t('pages.mySkins.empty')}</p>
          <a className="button button--primary" href={localizePath(ROUTES.home, locale)}>
            {t('pages.mySkins.generate')}
          </a>
        </div>
      ) : (
        <ul className="skin-grid" role="list" aria-label={t('pages.mySkins.listLabel')}>
          {own.entries.map((entry) => (
            <OwnSkinCard key={entry.uuid} entry={entry} accountUrl={accountUrl} />
          ))}
        </ul>
      )}
      {own.entries.length === 0 && own.loading && <p className="my-skins__status">{t('pages.mySkins.loading')}</p>}
      {own.hasMore && own.entries.length > 0 && (
        <div className="pager">
          <button type="button" className="button button--outlined" onClick={own.more} disabled={own.loading}>
            {t('pages.mySkins.loadMore')}
          </button>
        </div>
      )}
      {own.account === 'signed-out' && (
        <p className="my-skins__hint">
          {t('pages.mySkins.signInHint')} <a href={signInUrl}>{t('pages.mySkins.signIn')}</a>
        </p>
      )}
    </div>
  )
}

/**
 * One card of My Skins, with the gallery's markup (src/server/components/skin-grid.tsx) so both look
 * the same; its image and name have class names, as the skeleton and the visibility badge for
 * unlisted and private skins beside them are spans too. Under the card, once its details loaded, a
 * plain "Edit a copy" link opens the skin in the editor (a second link, since links cannot nest) and
 * an icon button "Wear this skin" posts it to the account site ("Wear it"; a plain form).
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import { renderUrl } from '../../shared/render-url'
import { editCopyPath, skinPath } from '../../shared/routes'
import { WearForm } from '../../shared/ui/wear-form'
import type { OwnEntry } from './use-own-skins'

/** A card: head render and name linking to the skin page; a skeleton while the details load. */
export function OwnSkinCard({ entry, accountUrl }: { entry: OwnEntry; /** The account site's base ("Wear this skin"). */ accountUrl: string }) {
  const { t, locale } = useI18n()
  const { skin } = entry
  const visibility = skin?.visibility
  const name = skin ? skin.name || skin.shortId : ''
  const page = skinPath(entry.uuid, locale)
  return (
    <li className="skin-card">
      <a href={page} aria-busy={!skin && !entry.failed ? true : undefined}>
        {skin ? (
          <img className="skin-card__image" src={renderUrl({ textureHash: skin.texture, view: 'head' })} alt="" width={120} height={120} loading="lazy" />
        ) : (
          <span className={entry.failed ? 'skin-card__image my-skins__missing' : 'skin-card__image skeleton'} aria-hidden="true" />
        )}
        <span className="skin-card__name">{skin ? name : entry.failed ? t('pages.mySkins.notLoaded') : entry.uuid.slice(0, 8)}</span>
        {visibility && visibility !== 'public' && (
          <span className={`chip my-skins__badge my-skins__badge--${visibility}`}>{t(visibility === 'private' ? 'pages.mySkins.badgePrivate' : 'pages.mySkins.badgeUnlisted')}</span>
        )}
      </a>
      {skin && (
        <div className="my-skins__edit">
          {/* The visible text starts the accessible name, which adds the skin's name (WCAG 2.5.3). */}
          <a href={editCopyPath(entry.uuid, locale)} aria-label={`${t('pages.mySkins.editCopy')}: ${name}`}>
            {t('pages.mySkins.editCopy')}
          </a>
          <WearForm accountUrl={accountUrl} skin={entry.uuid} back={page} look="icon" name={name} />
        </div>
      )}
    </li>
  )
}

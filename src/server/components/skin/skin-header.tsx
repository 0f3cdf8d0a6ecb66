/**
 * Head of the skin page: the name (a seeded name is starred and explained), the skin it was remixed
 * from (only when the visitor may see that one: the API leaves `remixOf` out otherwise), a notice for
 * skins outside the gallery, and `children` — the slot where the owner's edit and delete controls go,
 * next to the name.
 * @module
 */
import type { ReactNode } from 'react'
import { useI18n } from '../../../shared/i18n/context'
import { skinPath } from '../../../shared/routes'
import type { SkinInfo } from '../../../shared/schemas/api'

/** Element id of the heading, whose text is the name shown (the commands box reads it). */
export const SKIN_NAME_ELEMENT = 'skin-name'

/** Props: the skin, the name shown, whether that name was made up, and the owner controls. */
export interface SkinHeaderProps {
  skin: SkinInfo
  displayName: string
  generatedName: boolean
  /** The skin this one was remixed from, when the visitor may see it: its uuid and the name its page shows. */
  remixOf?: { uuid: string; name: string }
  children?: ReactNode
}

/** Stands for the name in the translated "Remixed from {{name}}", whose word order differs by language. */
const NAME_SLOT = '\u0000'

/** "Remixed from <name>", the name linking to that skin's page. */
function RemixedFrom({ uuid, name }: { uuid: string; name: string }) {
  const { t, locale } = useI18n()
  const [before = '', after = ''] = t('pages.skin.remixedFrom', { name: NAME_SLOT }).split(NAME_SLOT)
  return (
    <p className="skin-page__remix">
      {before}
      <a href={skinPath(uuid, locale)}>{name}</a>
      {after}
    </p>
  )
}

/** The page header. */
export function SkinHeader({ skin, displayName, generatedName, remixOf, children }: SkinHeaderProps) {
  const { t } = useI18n()
  return (
    <header className="skin-page__header">
      <div className="skin-page__title-row">
        {/* A made-up name gets the note's star from the stylesheet (`data-generated`), not read out. */}
        <h1 id={SKIN_NAME_ELEMENT} data-generated={generatedName ? '' : undefined}>
          {displayName}
        </h1>
        <div className="skin-page__header-actions">{children}</div>
      </div>
      {generatedName && <p className="skin-page__note">{`* ${t('pages.skin.generatedName')}`}</p>}
      {remixOf && <RemixedFrom {...remixOf} />}
      {skin.visibility !== 'public' && <p className="notice skin-page__notice">{t(skin.visibility === 'private' ? 'pages.skin.privateNotice' : 'pages.skin.unlistedNotice')}</p>}
    </header>
  )
}

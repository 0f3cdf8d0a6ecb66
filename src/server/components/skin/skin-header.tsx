/**
 * Head of the skin page: the name (a seeded name is starred and explained), a notice for skins
 * outside the gallery, and `children` — the slot where the owner's edit and delete controls go,
 * next to the name.
 * @module
 */
import type { ReactNode } from 'react'
import { useI18n } from '../../../shared/i18n/context'
import type { SkinInfo } from '../../../shared/schemas/api'

/** Props: the skin, the name shown, whether that name was made up, and the owner controls. */
export interface SkinHeaderProps {
  skin: SkinInfo
  displayName: string
  generatedName: boolean
  children?: ReactNode
}

/** The page header. */
export function SkinHeader({ skin, displayName, generatedName, children }: SkinHeaderProps) {
  const { t } = useI18n()
  return (
    <header className="skin-page__header">
      <div className="skin-page__title-row">
        <h1 className="skin-page__title">
          {displayName}
          {generatedName && (
            <span className="skin-page__generated" aria-hidden="true">
              *
            </span>
          )}
        </h1>
        <div className="skin-page__header-actions">{children}</div>
      </div>
      {generatedName && <p className="skin-page__note">* {t('pages.skin.generatedName')}</p>}
      {skin.visibility !== 'public' && <p className="notice skin-page__notice">{t(skin.visibility === 'private' ? 'pages.skin.privateNotice' : 'pages.skin.unlistedNotice')}</p>}
    </header>
  )
}

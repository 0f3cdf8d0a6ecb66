/**
 * What a server owner copies (reference/mineskin-api.md §3.5 SkinSummaryCard): the direct link, the
 * signed value and signature, and the texture URL. The value and signature fields are also where the
 * copy island reads them from to rebuild a command tab (see skin-commands.tsx).
 * @module
 */
import { useI18n } from '../../../shared/i18n/context'
import type { SkinInfo } from '../../../shared/schemas/api'
import { CopyField } from './copy-field'

/** Element ids of the fields (the copy island reads value and signature by id). */
export const DATA_ELEMENT = { link: 'skin-link', value: 'skin-value', signature: 'skin-signature', texture: 'skin-texture' } as const

/** The copy fields card. */
export function SkinData({ skin, directLink }: { skin: SkinInfo; directLink: string }) {
  const { t } = useI18n()
  return (
    <section className="card skin-page__data" aria-labelledby="skin-data-title">
      <h2 id="skin-data-title" className="card__title">
        {t('pages.skin.dataTitle')}
      </h2>
      <CopyField id={DATA_ELEMENT.link} label={t('pages.skin.directLink')} value={directLink} />
      <CopyField id={DATA_ELEMENT.value} label={t('pages.skin.value')} value={skin.texture.data.value} rows={3} />
      <CopyField id={DATA_ELEMENT.signature} label={t('pages.skin.signature')} value={skin.texture.data.signature} rows={3} />
      <CopyField id={DATA_ELEMENT.texture} label={t('pages.skin.textureUrl')} value={skin.texture.url.skin} />
    </section>
  )
}

/**
 * Skin detail (SPEC §2 `/skins/{skin}`): the body render and everything a server owner needs —
 * the signed value and signature, the texture URL, a direct link and the download.
 * @module
 */
import { mdiDownload } from '@mdi/js'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { renderUrl } from '../../shared/render-url'
import type { SkinInfo } from '../../shared/schemas/api'
import { Icon } from '../../shared/ui/icon'

const VARIANT: Record<SkinInfo['variant'], MessageKey> = { classic: 'pages.skin.classic', slim: 'pages.skin.slim', unknown: 'pages.skin.unknown' }
const VISIBILITY: Record<SkinInfo['visibility'], MessageKey> = { public: 'pages.skin.public', unlisted: 'pages.skin.unlisted', private: 'pages.skin.private' }

/** One read-only field whose text is easy to select and copy, even without JavaScript. */
function CopyField({ id, label, value, rows = 1 }: { id: string; label: string; value: string; rows?: number }) {
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      {rows > 1 ? <textarea id={id} readOnly rows={rows} value={value} spellCheck={false} /> : <input id={id} readOnly value={value} spellCheck={false} />}
    </div>
  )
}

/** Props: the skin, the name to show, whether it is a generated name, and absolute links. */
export interface SkinPageProps {
  skin: SkinInfo
  displayName: string
  generatedName: boolean
  directLink: string
  textureUrl: string
}

/** The skin page body. */
export function SkinPage({ skin, displayName, generatedName, directLink, textureUrl }: SkinPageProps) {
  const { t, locale } = useI18n()
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(skin.generator.timestamp)
  return (
    <article className="skin-page">
      <header className="skin-page__header">
        <h1>
          {displayName}
          {generatedName && (
            <span className="skin-page__generated" title={t('pages.skin.generatedName')}>
              *
            </span>
          )}
        </h1>
        <p className="skin-page__id">
          <code>{skin.uuid}</code>
        </p>
      </header>
      <div className="skin-page__layout">
        <figure className="card skin-page__render">
          <img src={renderUrl({ textureHash: skin.texture.hash.skin, view: 'body', variant: skin.variant })} alt={t('pages.skin.renderAlt', { name: displayName })} width={160} height={320} />
          <figcaption>
            <a className="button button--primary" href={`${textureUrl}?attachment`} download>
              <Icon path={mdiDownload} />
              {t('pages.skin.download')}
            </a>
          </figcaption>
        </figure>
        <div className="card skin-page__data">
          <dl className="facts">
            <div>
              <dt>{t('pages.skin.variant')}</dt>
              <dd>{t(VARIANT[skin.variant])}</dd>
            </div>
            <div>
              <dt>{t('pages.skin.visibility')}</dt>
              <dd>{t(VISIBILITY[skin.visibility])}</dd>
            </div>
            <div>
              <dt>{t('pages.skin.views')}</dt>
              <dd>{skin.views}</dd>
            </div>
            <div>
              <dt>{t('pages.skin.generated')}</dt>
              <dd>{date}</dd>
            </div>
          </dl>
          <CopyField id="skin-link" label={t('pages.skin.directLink')} value={directLink} />
          <CopyField id="skin-value" label={t('pages.skin.value')} value={skin.texture.data.value} rows={4} />
          <CopyField id="skin-signature" label={t('pages.skin.signature')} value={skin.texture.data.signature} rows={4} />
          <CopyField id="skin-texture" label={t('pages.skin.textureUrl')} value={skin.texture.url.skin} />
        </div>
      </div>
    </article>
  )
}

/**
 * The skin's facts: short id (copyable), model, visibility (icon and text), and
 * when it was generated, with how long generating took. Views and likes live in the community bar
 * under the facts, which keeps them current (src/islands/skin-community.tsx).
 * @module
 */
import { mdiEarth, mdiLinkVariant, mdiLock } from '@mdi/js'
import { useI18n } from '../../../shared/i18n/context'
import type { SkinInfo } from '../../../shared/schemas/api'
import { Icon } from '../../../shared/ui/icon'
import { copySpot } from './copy-field'
import { VARIANT_KEY, VISIBILITY_KEY } from './skin-labels'

/** Element id of the short id, the copy button's target. */
export const SHORT_ID_ELEMENT = 'skin-short-id'
/** Element id of the generation time (the commands box reads it: the `/give` lore states it). */
export const TIME_ELEMENT = 'skin-time'

const VISIBILITY_ICON: Record<SkinInfo['visibility'], string> = { public: mdiEarth, unlisted: mdiLinkVariant, private: mdiLock }

/**
 * Intl formatters by locale and options: building one costs more than the rest of this component,
 * and there are only nine locales and three option sets.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined
  if (!f) formatters.set(key, (f = make()))
  return f
}

/** '23 ms', '1.4 s', '12 s' in the page's language. */
function formatDuration(ms: number, locale: string): string {
  const unit = (value: number, name: 'millisecond' | 'second', digits: number) =>
    formatter(`${locale} ${name} ${digits}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits })).format(value)
  return ms < 1000 ? unit(Math.max(1, Math.round(ms)), 'millisecond', 0) : unit(ms / 1000, 'second', ms < 10_000 ? 1 : 0)
}

/** The facts list. */
export function SkinFacts({ skin }: { skin: SkinInfo }) {
  const { t, locale } = useI18n()
  const date = formatter(`${locale} date`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })).format(skin.generator.timestamp)
  const took = skin.generator.duration > 0 ? formatDuration(skin.generator.duration, locale) : undefined
  return (
    <dl className="skin-facts">
      <div>
        <dt>{t('pages.skin.shortId')}</dt>
        <dd className="skin-facts__copy" {...copySpot(SHORT_ID_ELEMENT)}>
          <code id={SHORT_ID_ELEMENT}>{skin.shortId}</code>
        </dd>
      </div>
      <div>
        <dt>{t('pages.skin.variant')}</dt>
        <dd>{t(VARIANT_KEY[skin.variant])}</dd>
      </div>
      <div>
        <dt>{t('pages.skin.visibility')}</dt>
        {/* Only unlisted and private have an icon colour of their own. */}
        <dd className={skin.visibility === 'public' ? 'skin-facts__visibility' : `skin-facts__visibility skin-facts__visibility--${skin.visibility}`}>
          <Icon path={VISIBILITY_ICON[skin.visibility]} size={18} />
          {t(VISIBILITY_KEY[skin.visibility])}
        </dd>
      </div>
      <div>
        <dt>{t('pages.skin.generated')}</dt>
        <dd>
          <time id={TIME_ELEMENT} dateTime={new Date(skin.generator.timestamp).toISOString()}>
            {date}
          </time>
          {took && <span className="skin-facts__sub">{t('pages.skin.took', { duration: took })}</span>}
        </dd>
      </div>
    </dl>
  )
}

/**
 * The string-built skin cards (docs/performance.md "Server render") are byte for byte what React
 * renders for the same card JSX — escaping of names included — so the gallery, the home strip and the
 * infinite scroll's browser twin keep one markup.
 */
import { describe, expect, test } from 'bun:test'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '../../shared/i18n/context'
import type { Locale } from '../../shared/locales'
import { renderUrl } from '../../shared/render-url'
import { skinPath } from '../../shared/routes'
import type { SkinListItem } from '../../shared/schemas/api'
import { SkinGrid } from './skin-grid'

/** The card as JSX, the way React renders it: the reference markup. */
function ReactCards({ skins, locale, eager }: { skins: SkinListItem[]; locale: Locale; eager: number }) {
  return (
    <ul className="skin-grid" role="list">
      {skins.map((skin, index) => (
        <li key={skin.uuid} className="skin-card">
          <a href={skinPath(skin.uuid, locale)}>
            <img src={renderUrl({ textureHash: skin.texture, view: 'head' })} alt="" width={120} height={120} loading={index < eager ? undefined : 'lazy'} fetchPriority={index < eager ? 'low' : undefined} />
            <span>{skin.name || skin.shortId}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

const hex = (n: number, length: number) => n.toString(16).padStart(length, '0')
const skins: SkinListItem[] = ['Plain', '<script>alert("x")</script>', "Tom & Jerry's", '', 'Ünïcode ✓ 名前', '  spaced  '].map((name, i) => ({
  uuid: hex(i + 1, 32),
  shortId: hex(i + 1, 8),
  ...(name ? { name } : {}),
  texture: hex(i + 7, 64),
  timestamp: 1_700_000_000_000 + i,
}))

describe('SkinGrid', () => {
  for (const [locale, eager] of [['en', 12], ['de', 2], ['pt', 0]] as const) {
    test(`renders what React renders for the card JSX (${locale}, ${eager} eager images)`, () => {
      const t = (key: string) => key
      const ours = renderToString(
        <I18nProvider value={{ locale, t }}>
          <SkinGrid skins={skins} eager={eager} />
        </I18nProvider>,
      )
      expect(ours).toBe(renderToString(<ReactCards skins={skins} locale={locale} eager={eager} />))
      expect(ours).not.toContain('<script>')
    })
  }
})

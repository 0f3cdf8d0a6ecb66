/**
 * "Wear this skin" ("Wear it") as each place renders it, without JavaScript: a plain POST form to the
 * account site's `minecraft/wear` with the skin's uuid and the page to come back to — on a My Skins
 * card (an icon button named by the label and the skin's name) and in the editor's sign result
 * (beside the sign form, never inside it: forms cannot nest). The skin page's form is checked through
 * real HTTP in src/server/pages/skin-route.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import de from '../../locales/de.json'
import en from '../../locales/en.json'
import { OwnSkinCard } from './my-skins/skin-card'
import { SignPanel, type SignPanelProps } from './editor/sign-panel'
import { I18nProvider } from '../shared/i18n/context'
import { createTranslator } from '../shared/i18n/translator'
import type { Locale } from '../shared/locales'

const UUID = 'c0ffee00'.repeat(4)
const in_ = (locale: Locale, node: ReactNode) =>
  renderToString(<I18nProvider value={{ locale, t: createTranslator(locale, locale === 'de' ? de : en) }}>{node}</I18nProvider>)

/** The wear forms in `html`: action, method, hidden fields and the submit button's markup. */
function wearForms(html: string) {
  return [...html.matchAll(/<form ([^>]*class="wear-form"[^>]*)>(.*?)<\/form>/g)].map(([, attributes, inner]) => ({
    action: /action="([^"]*)"/.exec(attributes!)?.[1],
    method: /method="([^"]*)"/.exec(attributes!)?.[1],
    fields: Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]])),
    button: /<button type="submit"[^>]*>.*?<\/button>/.exec(inner!)?.[0] ?? '',
  }))
}

describe('"Wear this skin" on a My Skins card', () => {
  const entry = { uuid: UUID, skin: { uuid: UUID, shortId: 'c0ffee00', name: 'Moss Knight', texture: 'ab'.repeat(32), timestamp: 0, visibility: 'public' as const } }

  test('posts the skin and its page (language prefix kept) to the account site, as an icon button with a name and a tooltip', () => {
    const [form] = wearForms(in_('en', <OwnSkinCard entry={entry} accountUrl="/accounts/" />))
    expect(form).toMatchObject({ action: '/accounts/minecraft/wear?lang=en', method: 'post', fields: { skin: UUID, back: `/skins/${UUID}` } })
    expect(form!.button).toContain('aria-label="Wear this skin: Moss Knight"')
    expect(form!.button).toContain('data-tooltip="Wear this skin"')
    const german = wearForms(in_('de', <OwnSkinCard entry={entry} accountUrl="https://accounts.example" />))
    expect(german).toEqual([expect.objectContaining({ action: 'https://accounts.example/minecraft/wear?lang=de', fields: { skin: UUID, back: `/de/skins/${UUID}` } })])
    expect(german[0]!.button).toContain('aria-label="Diesen Skin tragen: Moss Knight"')
  })

  test('not before the card has its details (as "Edit a copy")', () => {
    expect(wearForms(in_('en', <OwnSkinCard entry={{ uuid: UUID }} accountUrl="/accounts" />))).toEqual([])
  })
})

describe('"Wear this skin" in the editor’s sign result', () => {
  const props: SignPanelProps = {
    name: 'Moss Knight',
    onName: () => {},
    visibility: 'public',
    onVisibility: () => {},
    allowPrivate: false,
    model: 'classic',
    warnings: () => [],
    onSign: () => {},
    onDownload: () => {},
    phase: 'idle',
    retryIn: 0,
  }

  test('once signed (the editor stays), the new skin is offered to wear, with a link to its page', () => {
    const html = in_('de', <SignPanel {...props} signed={{ accountUrl: '/accounts', skin: UUID, page: `/de/skins/${UUID}` }} />)
    expect(wearForms(html)).toEqual([expect.objectContaining({ action: '/accounts/minecraft/wear?lang=de', method: 'post', fields: { skin: UUID, back: `/de/skins/${UUID}` } })])
    expect(wearForms(html)[0]!.button).toContain('Diesen Skin tragen')
    expect(html).toContain(`<a class="button button--text" href="/de/skins/${UUID}">Seite des Skins öffnen</a>`)
    expect(html).toContain('Signiert. Der neue Skin ist fertig.')
    // Not nested in the sign form: a nested form's button would submit the outer one.
    expect(html.indexOf('class="wear-form"')).toBeGreaterThan(html.indexOf('</form>'))
  })

  test('before signing there is none', () => {
    expect(wearForms(in_('en', <SignPanel {...props} />))).toEqual([])
  })
})

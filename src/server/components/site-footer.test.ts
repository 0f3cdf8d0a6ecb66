/**
 * The footer states only what is true of this instance: unconfigured links and
 * credits are left out, configured ones appear, privacy falls back to the built-in page; the
 * operator's SITE_LINKS_JSON is validated with a readable error.
 */
import { describe, expect, test } from 'bun:test'
import { DEFAULT_SITE_LINKS } from '../../shared/site-links'
import { parseSiteLinks } from '../config'
import { createTestApp } from '../../../test/support/web-app'

const footerOf = async (app: ReturnType<typeof createTestApp>, path = '/privacy') => {
  const html = await (await app.request(path)).text()
  return html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
}

describe('site footer', () => {
  test('by default: the links that exist locally, the built-in privacy page, no credits', async () => {
    const footer = await footerOf(createTestApp())
    for (const label of ['Source code', 'Translation project', 'Account Manager', 'API Keys', 'Documentation', 'API Reference', 'V1 API Reference (legacy)', 'Privacy', 'Cookie preferences']) {
      expect(footer).toContain(`>${label}</a>`)
    }
    for (const label of ['Chat community', 'Blog', 'Status page', 'Classic Website', 'Imprint', 'Terms', 'Protected by', 'Monitored by', 'Hosted by']) {
      expect(footer).not.toContain(label)
    }
    expect(footer).toContain('<a href="/privacy">Privacy</a>')
    // The legacy v1 routes are part of the built-in reference (docs/api.md "The legacy v1 API").
    expect(footer).toContain('<a href="/api-reference#api-ref-Legacy">V1 API Reference (legacy)</a>')
    expect(footer).toContain('<a href="/privacy#cookies">Cookie preferences</a>')
    expect(footer).toContain('Not affiliated with Minecraft / Mojang AB / Microsoft.')
  })

  test('Account Manager leads to the account site’s signing accounts in the visitor’s language', async () => {
    expect(await footerOf(createTestApp({ accountApiOrigin: '/accounts' }), '/de/privacy')).toContain('<a href="/accounts/signing-accounts?lang=de">Kontoverwaltung</a>')
    // The account site follows ACCOUNT_ORIGIN, wherever it is.
    expect(await footerOf(createTestApp({ accountApiOrigin: 'https://id.example.org/' }))).toContain('<a href="https://id.example.org/signing-accounts?lang=en">Account Manager</a>')
    // Without an account site: the app's explanatory account page.
    expect(await footerOf(createTestApp(), '/de/privacy')).toContain('<a href="/de/account">Kontoverwaltung</a>')
  })

  test('configured links and credits appear, app paths in the visitor’s language', async () => {
    const siteLinks = parseSiteLinks(
      JSON.stringify({
        chat: 'https://chat.example.org',
        status: 'https://status.example.org',
        imprint: '/imprint',
        privacy: 'https://example.org/privacy',
        terms: 'https://example.org/terms',
        cdn: { name: 'Example CDN', url: 'https://cdn.example.org' },
        hosting: { name: 'Example Host', url: 'https://host.example.org' },
      }),
    )
    const footer = await footerOf(createTestApp({ siteLinks }), '/de/privacy')
    expect(footer).toContain('<a href="https://chat.example.org">')
    expect(footer).toContain('<a href="https://status.example.org">')
    expect(footer).toContain('<a href="/de/imprint">Impressum</a>')
    expect(footer).toContain('<a href="https://example.org/privacy">')
    expect(footer).toContain('<a href="https://cdn.example.org">Example CDN</a>')
    expect(footer).toContain('<a href="https://host.example.org">Example Host</a>')
    expect(footer).not.toContain('https://opentelemetry.io')
  })

  test('SITE_LINKS_JSON is checked: bad JSON, unknown keys and bad targets are refused readably', () => {
    expect(parseSiteLinks(undefined)).toEqual(DEFAULT_SITE_LINKS)
    expect(() => parseSiteLinks('{')).toThrow('SITE_LINKS_JSON: not JSON')
    expect(() => parseSiteLinks('{"statuss":"https://x.org"}')).toThrow('SITE_LINKS_JSON')
    expect(() => parseSiteLinks('{"status":"javascript:alert(1)"}')).toThrow('SITE_LINKS_JSON.status')
    expect(() => parseSiteLinks('{"cdn":"https://x.org"}')).toThrow('SITE_LINKS_JSON.cdn')
  })
})

/**
 * Security headers (docs/operations.md "Security headers") through the real app: in-process via
 * `app.request` for the page frame and the https rules, and the real Bun process (embedded API, account
 * site, TRUST_PROXY) for skin pages, the account site, the API and their cookies.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { signUpOverHttp } from '../../../test/support/account-flows'
import { startBunServer, type RunningServer } from '../../../test/support/bun-server'
import { startMailSink, type MailSink } from '../../../test/support/mail-sink'
import { createTestApp } from '../../../test/support/web-app'
import { contentSecurityPolicy, createNonce, HSTS, isHttpsRequest, RESOURCE_CSP, withSecure } from './security-headers'
import { executableScriptTags } from '../../../test/support/script-tags'

/** The nonce of a page's CSP header. */
const headerNonce = (response: Response) => /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

/** Every executable `<script>` and `modulepreload` link of `html` with its nonce attribute (undefined when missing). */
const scriptTags = (html: string) => executableScriptTags(html).map((tag) => ({ tag, nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] }))

/** The island props data blocks of `html`: each must parse as JSON and contain no raw `<`. */
const propsBlocks = (html: string) => [...html.matchAll(/<script type="x-island\/props">([\s\S]*?)<\/script>/g)].map(([, json]) => json!)

/** Asserts the page's CSP and that each of its scripts carries the header's nonce; returns the nonce. */
async function expectNoncedPage(response: Response, label: string) {
  expect(response.headers.get('content-type'), label).toStartWith('text/html')
  const csp = response.headers.get('content-security-policy') ?? ''
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  expect(scriptSrc, label).not.toContain('unsafe-inline')
  expect(scriptSrc, label).toContain("'strict-dynamic'")
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp, label).toContain(directive)
  const nonce = headerNonce(response)
  expect(nonce, label).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  const html = await response.text()
  const tags = scriptTags(html)
  for (const { tag, nonce: attribute } of tags) expect(attribute, `${label}: ${tag}`).toBe(nonce!)
  for (const json of propsBlocks(html)) {
    expect(json, label).not.toContain('<')
    expect(() => JSON.parse(json), `${label}: island props`).not.toThrow()
  }
  return { nonce: nonce!, tags }
}

/** The headers every HTML page carries. */
function expectPageHeaders(response: Response, label: string) {
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff')
  expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('x-frame-options'), label).toBe('DENY')
  expect(response.headers.get('cross-origin-opener-policy'), label).toBe('same-origin')
  expect(response.headers.get('permissions-policy'), label).toContain('camera=()')
}

describe('policy parts', () => {
  test('nonces are 128 random bits and differ each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce))
    expect(nonces.size).toBe(50)
    for (const n of nonces) expect(atob(n).length).toBe(16)
  })

  test('account and public origins join img, connect and form-action; relative URLs add nothing', () => {
    const csp = contentSecurityPolicy('abc', {
      publicUrl: 'https://skins.example/',
      accountUrl: 'https://accounts.example/sign-in',
      accountApiOrigin: 'https://accounts.example',
      formActionOrigins: ['https://partner.example/back'],
    })
    expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic' 'self';")
    expect(csp).toContain("img-src 'self' data: blob: https://skins.example https://accounts.example;")
    expect(csp).toContain("connect-src 'self' https://accounts.example;")
    expect(csp).toContain("form-action 'self' https://skins.example https://accounts.example https://partner.example;")
    expect(contentSecurityPolicy('abc', { accountUrl: '/account' })).toContain("connect-src 'self';")
  })

  test('https comes from the URL, or from X-Forwarded-Proto only when the proxy is trusted', () => {
    const forwarded = (proto: string) => new Request('http://127.0.0.1/', { headers: { 'x-forwarded-proto': proto } })
    expect(isHttpsRequest(new Request('https://skins.example/'))).toBe(true)
    expect(isHttpsRequest(forwarded('https'))).toBe(false)
    expect(isHttpsRequest(forwarded('https'), true)).toBe(true)
    expect(isHttpsRequest(forwarded('HTTPS, http'), true)).toBe(true)
    expect(isHttpsRequest(forwarded('http'), true)).toBe(false)
  })

  test('Secure is added once', () => {
    expect(withSecure('a=1; Path=/')).toBe('a=1; Path=/; Secure')
    expect(withSecure('a=1; Secure; HttpOnly')).toBe('a=1; Secure; HttpOnly')
    expect(withSecure('a=1; Path=/; secure')).toBe('a=1; Path=/; secure')
    expect(withSecure('secure=1; Path=/')).toBe('secure=1; Path=/; Secure')
  })
})

describe('the web app in-process', () => {
  const app = createTestApp()

  test('pages: headers, a fresh nonce per response on every script, no HSTS on http', async () => {
    const seen = new Set<string>()
    for (const path of ['/', '/de/privacy', '/my-skins', '/fr']) {
      const response = await app.request(path)
      expect(response.status, path).toBe(200)
      expectPageHeaders(response, path)
      expect(response.headers.get('strict-transport-security'), path).toBeNull()
      const { nonce, tags } = await expectNoncedPage(response, path)
      expect(tags.some(({ tag }) => tag.includes('type="module"')), path).toBe(true)
      seen.add(nonce)
    }
    expect((await expectNoncedPage(await app.request('/'), 'again')).nonce).not.toBeOneOf([...seen])
    expect(seen.size).toBe(4)
  })

  test('the 404 page carries the same headers', async () => {
    const response = await app.request('/no/such/page')
    expect(response.status).toBe(404)
    expectPageHeaders(response, '404')
    await expectNoncedPage(response, '404')
  })

  test('on http cookies stay as set: no Secure, no HSTS', async () => {
    const response = await app.request('/locale/de?to=/skins')
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie()[0]).toStartWith('locale=de')
    expect(response.headers.getSetCookie()[0]).not.toMatch(/secure/i)
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  test('on an https URL: HSTS and Secure cookies', async () => {
    const response = await app.request('https://skins.test/locale/de?to=/skins')
    expect(response.headers.get('strict-transport-security')).toBe(HSTS)
    expect(response.headers.getSetCookie()[0]).toEndWith('; Secure')
    expect((await app.request('https://skins.test/')).headers.get('strict-transport-security')).toBe(HSTS)
  })

  test('X-Forwarded-Proto: https counts only from a trusted proxy', async () => {
    const forwarded = { headers: { 'x-forwarded-proto': 'https' } }
    const untrusted = await app.request('/locale/de?to=/skins', forwarded)
    expect(untrusted.headers.get('strict-transport-security')).toBeNull()
    expect(untrusted.headers.getSetCookie()[0]).not.toMatch(/secure/i)
    const trusted = await createTestApp({ trustProxy: true }).request('/locale/de?to=/skins', forwarded)
    expect(trusted.headers.get('strict-transport-security')).toBe(HSTS)
    expect(trusted.headers.getSetCookie()[0]).toEndWith('; Secure')
  })
})

describe('the Bun process (embedded API and account site, TRUST_PROXY=true)', () => {
  let server: RunningServer
  let sink: MailSink
  beforeAll(async () => {
    sink = await startMailSink()
    server = await startBunServer({ DEMO_SKINS: '2', TRUST_PROXY: 'true', SMTP_URL: sink.url })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await sink?.close()
  })
  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.origin + path, { headers, redirect: 'manual' })

  test('skin page and gallery: JSON-LD and island scripts carry the nonce', async () => {
    const list = (await (await get('/api/v2/skins?size=1')).json()) as { skins: { uuid: string }[] }
    for (const path of [`/skins/${list.skins[0]!.uuid}`, '/skins', '/de/skins']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expectPageHeaders(response, path)
      const { tags } = await expectNoncedPage(response, path)
      expect(tags.some(({ tag }) => tag.includes('application/ld+json')), path).toBe(true)
    }
  })

  test('the account site pages get the page headers', async () => {
    for (const path of ['/accounts', '/accounts/no-such-page']) {
      const response = await get(path)
      expectPageHeaders(response, path)
      await expectNoncedPage(response, path)
    }
  })

  test('API JSON: nosniff, no framing, its own Referrer-Policy kept', async () => {
    const response = await get('/api/v2/skins?size=1')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('content-security-policy')).toBe(RESOURCE_CSP)
    expect(response.headers.get('referrer-policy')).not.toBeNull()
  })

  test('static assets: nosniff and no framing', async () => {
    const html = await (await get('/')).text()
    const script = /src="(\/assets\/client-[a-z0-9]+\.js)"/.exec(html)![1]!
    const response = await get(script)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  test('account cookies become Secure behind the https proxy, and stay plain on http', async () => {
    const signUp = (email: string, headers: Record<string, string>) => signUpOverHttp(server.origin, sink, { email, password: 'a long enough password', redirect: server.origin + '/', headers })
    const proxied = await signUp('proxied@example.test', { 'x-forwarded-proto': 'https' })
    expect(proxied.status).toBe(303)
    expect(proxied.headers.get('strict-transport-security')).toBe(HSTS)
    const secure = proxied.headers.getSetCookie()
    expect(secure.length).toBeGreaterThanOrEqual(2)
    for (const cookie of secure) expect(cookie).toMatch(/;\s*Secure(;|$)/)
    const plain = await signUp('plain@example.test', {})
    expect(plain.status).toBe(303)
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    for (const cookie of plain.headers.getSetCookie()) expect(cookie).not.toMatch(/secure/i)
  })
})

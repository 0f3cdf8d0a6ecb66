import { describe, expect, test } from 'bun:test'
import { BINDING_BASE, forBinding, publicOriginOf } from './public-origin'

const overBinding = (headers: Record<string, string>) => new Request(`${BINDING_BASE}/v2/queue`, { headers })

describe('the public origin across a service binding', () => {
  test('the web Worker names the visitor\'s origin, replacing what the visitor sent, and keeps redirects for the browser', () => {
    const sent = forBinding(new Request('https://skins.example.org/api/v2/queue', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } }))
    expect(sent.headers.get('x-forwarded-host')).toBe('skins.example.org')
    expect(sent.headers.get('x-forwarded-proto')).toBe('https')
    expect(sent.redirect).toBe('manual')
  })

  test("the web app's own internal calls are left as made", () => {
    const internal = new Request('http://api.internal/v2/skins', { headers: { 'x-forwarded-host': 'skins.example.org', 'x-forwarded-proto': 'https' } })
    expect(forBinding(internal)).toBe(internal)
  })

  test('a bound Worker believes the forwarded origin only on a request addressed to the binding', () => {
    expect(publicOriginOf(overBinding({ 'x-forwarded-host': 'skins.example.org', 'x-forwarded-proto': 'https' }))).toBe('https://skins.example.org')
    expect(publicOriginOf(overBinding({ 'x-forwarded-host': '127.0.0.1:8787', 'x-forwarded-proto': 'http' }))).toBe('http://127.0.0.1:8787')
    // From the Internet, the Worker's own address wins whatever the headers say.
    const direct = new Request('https://skin-signature-api.acct.workers.dev/v2/queue', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } })
    expect(publicOriginOf(direct)).toBe('https://skin-signature-api.acct.workers.dev')
  })

  test('a malformed forwarded host or scheme is ignored', () => {
    const malformed: Record<string, string>[] = [{}, { 'x-forwarded-host': 'a.example/evil', 'x-forwarded-proto': 'https' }, { 'x-forwarded-host': 'a.example', 'x-forwarded-proto': 'javascript' }, { 'x-forwarded-host': 'a b', 'x-forwarded-proto': 'https' }]
    for (const headers of malformed) {
      expect(publicOriginOf(overBinding(headers))).toBe(BINDING_BASE)
    }
  })
})

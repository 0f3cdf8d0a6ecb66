import { describe, expect, test } from 'bun:test'
import { withEdgeClientAddress } from './edge-client-address'

describe('the visitor address on Workers', () => {
  test('X-Forwarded-For and X-Real-IP a visitor sends are replaced by CF-Connecting-IP', () => {
    const forged = new Request('https://site.test/v2/skins/x/report', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.1, 203.0.113.9', 'x-real-ip': '198.51.100.2', cookie: 'a=b' },
      body: '{}',
    })
    const seen = withEdgeClientAddress(forged)
    expect(seen.headers.get('x-forwarded-for')).toBe('203.0.113.9')
    expect(seen.headers.has('x-real-ip')).toBe(false)
    expect(seen.headers.get('cookie')).toBe('a=b')
    expect(seen.method).toBe('POST')
  })

  test('without CF-Connecting-IP (a service binding) the request is passed on as it is', () => {
    const bound = new Request('https://api.internal/v2/skins', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(withEdgeClientAddress(bound)).toBe(bound)
  })
})

/** Accept-Encoding negotiation (RFC 9110 §12.5.3) as browsers, curl and odd clients send it. */
import { describe, expect, test } from 'bun:test'
import { negotiateEncoding } from './negotiate-encoding'

describe('negotiateEncoding', () => {
  test('browsers get Brotli; gzip-only clients get gzip', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('br, gzip')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('x-gzip')).toBe('gzip')
    expect(negotiateEncoding('GZIP, Deflate')).toBe('gzip')
  })

  test('no header, an empty one or only unknown codings: plain bytes', () => {
    expect(negotiateEncoding(null)).toBeUndefined()
    expect(negotiateEncoding(undefined)).toBeUndefined()
    expect(negotiateEncoding('')).toBeUndefined()
    expect(negotiateEncoding('deflate, zstd')).toBeUndefined()
    expect(negotiateEncoding('identity')).toBeUndefined()
  })

  test('q-values choose; the server order breaks ties', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.8, gzip;q=0.8')).toBe('br')
    expect(negotiateEncoding('gzip;q=1.0, br; q=0.999')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined()
  })

  test('* covers codings not listed', () => {
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip')
    expect(negotiateEncoding('*;q=0')).toBeUndefined()
    expect(negotiateEncoding('gzip, *;q=0')).toBe('gzip')
  })

  test('identity wins only when preferred over every coding', () => {
    expect(negotiateEncoding('gzip;q=0.5, identity')).toBeUndefined()
    expect(negotiateEncoding('gzip, identity;q=0.5')).toBe('gzip')
    expect(negotiateEncoding('br, identity;q=0')).toBe('br')
    // Refused identity and nothing else we have: the plain bytes still go out.
    expect(negotiateEncoding('identity;q=0, deflate')).toBeUndefined()
  })

  test('malformed weights refuse the coding instead of throwing', () => {
    expect(negotiateEncoding('br;q=abc, gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=, gzip;q=2')).toBe('gzip')
    expect(negotiateEncoding(',,;;q=1,  , br')).toBe('br')
  })

  test('only the codings a file has are offered', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip')
    expect(negotiateEncoding('br', ['gzip'])).toBeUndefined()
    expect(negotiateEncoding('br, gzip', [])).toBeUndefined()
  })
})

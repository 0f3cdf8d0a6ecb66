import { describe, expect, test } from 'bun:test'
import { decodeWebToken, readCookie, WEB_COOKIE, webUserFromCookies } from './web-cookie'

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`

describe('web cookie reader (SPEC §9)', () => {
  test('reads one cookie out of document.cookie, decoding percent escapes', () => {
    expect(readCookie('a=1; ssg_web=x%2Ey; b=2', 'ssg_web')).toBe('x.y')
    expect(readCookie('a=1;b=2', 'b')).toBe('2')
    expect(readCookie('xssg_web=1; ssg_web_old=2', 'ssg_web')).toBeUndefined()
    expect(readCookie('', 'ssg_web')).toBeUndefined()
  })

  test('decodes the payload: id, email, name, picture, grants (UTF-8 names included)', () => {
    const user = decodeWebToken(jwt({ sub: 'ab'.repeat(16), email: 'zoë@example.test', name: 'Zoë Ünal', picture: 'https://img.test/a.png', grants: { ad_free: true, per_minute: 60 }, exp: 1_900_000_000 }))
    expect(user).toEqual({ id: 'ab'.repeat(16), email: 'zoë@example.test', name: 'Zoë Ünal', picture: 'https://img.test/a.png', grants: { ad_free: true, per_minute: 60 }, exp: 1_900_000_000 })
  })

  test('rejects what is not a JWT with a subject', () => {
    expect(decodeWebToken('not-a-jwt')).toBeUndefined()
    expect(decodeWebToken('a.b+c.d')).toBeUndefined()
    expect(decodeWebToken(`x.${b64url('not json')}.y`)).toBeUndefined()
    expect(decodeWebToken(jwt({ email: 'no-subject@example.test' }))).toBeUndefined()
    expect(decodeWebToken(jwt([1, 2]))).toBeUndefined()
    // A malformed grants claim reads as no grants instead of failing.
    expect(decodeWebToken(jwt({ sub: 'u1', grants: ['ad_free'] }))?.grants).toEqual({})
  })

  test('passes the linked Minecraft account\'s claim on as it came (checked where it is shown, ./minecraft-claim.ts)', () => {
    const claim = { id: '0f'.repeat(16), name: 'Steve_01' }
    expect(decodeWebToken(jwt({ sub: 'u1', minecraft: claim }))?.minecraft).toEqual(claim)
    expect(decodeWebToken(jwt({ sub: 'u1' }))?.minecraft).toBeUndefined()
  })

  test('finds the user in the cookie string, or nobody', () => {
    expect(webUserFromCookies(`theme=dark; ${WEB_COOKIE}=${jwt({ sub: 'u1', email: 'a@b.test' })}`)?.email).toBe('a@b.test')
    expect(webUserFromCookies('theme=dark')).toBeUndefined()
  })
})

import { describe, expect, test } from 'bun:test'
import { createTestApp } from '../../../test/support/web-app'

const clientCookieOf = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith('ssg_client='))

describe('the client cookie comes with the home page: one id for the parallel calls its islands make', () => {
  const app = createTestApp()

  test('a browser without one gets a random id, HttpOnly, for a year', async () => {
    const first = clientCookieOf(await app.request('/'))
    expect(first).toMatch(/^ssg_client=[0-9a-f]{24}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
    const second = clientCookieOf(await app.request('/de'))
    expect(second).toBeDefined()
    expect(second!.slice(0, 35)).not.toBe(first!.slice(0, 35))
  })

  test('a browser that has one keeps it; a malformed one is replaced', async () => {
    expect(clientCookieOf(await app.request('/', { headers: { cookie: `ssg_client=${'ab'.repeat(12)}` } }))).toBeUndefined()
    expect(clientCookieOf(await app.request('/', { headers: { cookie: 'ssg_client=nope' } }))).toMatch(/^ssg_client=[0-9a-f]{24};/)
  })

  test('Secure when the site is https', async () => {
    expect(clientCookieOf(await createTestApp({ publicUrl: 'https://skins.example.org' }).request('/'))).toContain('; Secure')
  })

  test('pages without islands that call the API do not set it', async () => {
    expect(clientCookieOf(await app.request('/privacy'))).toBeUndefined()
  })
})

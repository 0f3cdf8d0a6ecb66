import { describe, expect, test } from 'bun:test'
import { createTestApp } from '../../../test/support/web-app'

describe('/account and /apikey lead into the account site', () => {
  const app = createTestApp({ accountUrl: '/accounts', accountApiOrigin: '/accounts' })

  test('302 to the manage and API keys pages, keeping the language', async () => {
    const account = await app.request('http://skins.test/account', { headers: { cookie: 'locale=en' } })
    expect(account.status).toBe(302)
    expect(account.headers.get('location')).toBe('/accounts/manage?lang=en')
    const apikey = await app.request('http://skins.test/de/apikey')
    expect(apikey.status).toBe(302)
    expect(apikey.headers.get('location')).toBe('/accounts/keys?lang=de')
  })

  test('every page offers sign-in with a redirect back and the sign-out form of the account site', async () => {
    const html = await (await app.request('http://skins.test/de/privacy')).text()
    expect(html).toContain('/accounts?redirect=http%3A%2F%2Fskins.test%2Fde%2Fprivacy')
    expect(html).toContain('"signOutUrl":"/accounts/sign-out"')
  })

  test('without an account API the explanatory page stays', async () => {
    const plain = createTestApp({ accountUrl: 'https://login.example.test' })
    const response = await plain.request('http://skins.test/apikey')
    expect(response.status).toBe(200)
  })
})

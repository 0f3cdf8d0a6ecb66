import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../../../test/support/web-app'
import { skinShortcutTarget } from './skin-shortcut'

const web = useTestApp()
/** Browsers get the page; other clients get the PNG (skin-link-png.test.ts). */
const browser = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }

describe('/{skin} shortcut (SPEC §5)', () => {
  test('8, 32 and 36 characters lead a browser to the skin page', async () => {
    for (const id of ['abcdef12', '0123456789abcdef0123456789abcdef', '01234567-89ab-cdef-0123-456789abcdef']) {
      const response = await web.app.request(`/${id}`, browser)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe(`/skins/${id}`)
    }
  })

  test('the language prefix is kept', async () => {
    const response = await web.app.request('/de/abcdef12', browser)
    expect(response.headers.get('location')).toBe('/de/skins/abcdef12')
  })

  test('any other length is Page Not Found', async () => {
    for (const path of ['/abcdef1', '/abcdef123', '/0123456789abcdef0123456789abcde']) {
      const response = await web.app.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain('Page Not Found')
    }
    expect((await web.app.request('/ru/x')).status).toBe(404)
  })

  test('no value leads to the localised list', () => {
    expect(skinShortcutTarget('', 'en')).toBe('/skins')
    expect(skinShortcutTarget('  ', 'id')).toBe('/id/skins')
  })

  test('a blank value in the URL leads to the list', async () => {
    expect((await web.app.request('/%20')).headers.get('location')).toBe('/skins')
  })

  test('real routes win over the shortcut (/my-skins has 8 characters)', async () => {
    expect((await web.app.request('/my-skins')).status).toBe(200)
  })

  test('route rules run before the shortcut (/github is an external redirect)', async () => {
    const response = await web.app.request('/github')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toStartWith('https://')
  })
})

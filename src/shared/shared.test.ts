import { describe, expect, test } from 'bun:test'
import { shouldReload } from '../islands/chunk-reload'
import { DEFAULT_FLAGS, parseFlags } from './flags'
import { localizeUrl } from './language-switch'
import { sameOriginPath } from './safe-redirect'
import { localizePath, splitLocale } from './routes'
import { isRainbowSeason } from './season'
import { hasSkinIdLength } from './skin-id'
import { $snackbars, dismissSnackbar, showSnackbar } from './stores/snackbars'

describe('routes', () => {
  test('localizePath adds the prefix except for English', () => {
    expect(localizePath('/', 'en')).toBe('/')
    expect(localizePath('/', 'de')).toBe('/de')
    expect(localizePath('/skins/popular', 'hi')).toBe('/hi/skins/popular')
  })
  test('splitLocale finds only real non-default prefixes', () => {
    expect(splitLocale('/de/skins')).toEqual({ locale: 'de', path: '/skins' })
    expect(splitLocale('/de')).toEqual({ locale: 'de', path: '/' })
    expect(splitLocale('/en/skins')).toEqual({ locale: null, path: '/en/skins' })
    expect(splitLocale('/deutsch')).toEqual({ locale: null, path: '/deutsch' })
    expect(splitLocale('/xx/skins')).toEqual({ locale: null, path: '/xx/skins' })
  })
  test('localizeUrl keeps the query', () => {
    expect(localizeUrl('/skins?search=a%20b', 'pt')).toBe('/pt/skins?search=a%20b')
    expect(localizeUrl('/?x=1', 'id')).toBe('/id?x=1')
  })
  test('only same-site paths are redirect targets, parsed as a browser follows them', () => {
    const site = 'http://skins.test'
    expect(sameOriginPath('/skins?search=a#x', site)).toBe('/skins?search=a#x')
    expect(sameOriginPath('http://skins.test/de/skins', site)).toBe('/de/skins')
    for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example', '/\t/evil.example', '\t//evil.example', '/\n/evil.example', ' //evil.example', 'javascript:alert(1)', '/x\u0000y', 'http://skins.test@evil.example/']) {
      expect(sameOriginPath(evil, site)).toBeUndefined()
    }
  })
})

describe('skin ids and seasons', () => {
  test('8, 32 and 36 characters are skin ids (SPEC §5)', () => {
    expect([7, 8, 9, 31, 32, 33, 35, 36, 37].map((n) => hasSkinIdLength('a'.repeat(n)))).toEqual([false, true, false, false, true, false, false, true, false])
  })
  test('June and July UTC are rainbow months, whatever the local zone', () => {
    expect(isRainbowSeason(new Date('2026-06-01T00:00:00Z'))).toBe(true)
    expect(isRainbowSeason(new Date('2026-05-31T23:59:59.999Z'))).toBe(false)
    expect(isRainbowSeason(new Date('2026-07-31T23:59:59.999Z'))).toBe(true)
    expect(isRainbowSeason(new Date('2026-08-01T00:00:00Z'))).toBe(false)
  })
})

describe('feature flags (SPEC §7)', () => {
  test('a missing file gives the documented defaults', () => {
    expect(parseFlags(undefined)).toEqual(DEFAULT_FLAGS)
  })
  test('valid entries override, broken ones fall back to their default', () => {
    const flags = parseFlags({ 'web.show_notifications': false, 'web.tags.visible': 'yes', unknown: 1 })
    expect(flags['web.show_notifications']).toBe(false)
    expect(flags['web.tags.visible']).toBe(true)
    expect(flags).not.toHaveProperty('unknown')
  })
})

describe('snackbars (SPEC §3, §9)', () => {
  test('default timeout 5000 ms, info, closable; removing one keeps the others in order', () => {
    $snackbars.set([])
    const a = showSnackbar({ text: 'a' })
    showSnackbar({ text: 'b', timeout: -1, color: 'error' })
    showSnackbar({ text: 'c' })
    expect($snackbars.get()[0]).toMatchObject({ text: 'a', timeout: 5000, color: 'info', closable: true })
    dismissSnackbar(a)
    expect($snackbars.get().map((s) => s.text)).toEqual(['b', 'c'])
    expect($snackbars.get()[0]!.timeout).toBe(-1)
  })
})

describe('chunk reload (SPEC §8)', () => {
  test('at most once per 10 seconds for the same path', () => {
    expect(shouldReload(null, '/skins', 0)).toBe(true)
    expect(shouldReload({ path: '/skins', at: 0 }, '/skins', 9_999)).toBe(false)
    expect(shouldReload({ path: '/skins', at: 0 }, '/skins', 10_000)).toBe(true)
    expect(shouldReload({ path: '/', at: 0 }, '/skins', 1)).toBe(true)
  })
})

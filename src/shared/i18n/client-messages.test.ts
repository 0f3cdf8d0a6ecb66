import { describe, expect, test } from 'bun:test'
import { ISLAND_NAMESPACES, lazyMessages, lazyMessagesUrl, mergeMessages, pickClientMessages, STRINGS_FILES, stringsFileNames } from './client-messages'

describe('pickClientMessages', () => {
  const table = { common: { ok: 'OK' }, generate: { title: 'Generate' }, pages: { skin: { title: 'Skin', viewer: { walk: 'Walk' } }, home: { title: 'Home' } } }

  test('embeds the client namespaces and only the branches the rendered islands use', () => {
    expect(pickClientMessages(table)).toEqual({ common: { ok: 'OK' } })
    expect(pickClientMessages(table, ['generate-form'])).toEqual({ common: { ok: 'OK' }, generate: { title: 'Generate' } })
    // A dotted namespace picks one branch, not the whole `pages` tree.
    expect(pickClientMessages(table, ['skin-viewer'])).toEqual({ common: { ok: 'OK' }, pages: { skin: { viewer: { walk: 'Walk' } } } })
  })
})

describe('server-only keys', () => {
  test('the skip link and the app bar chip, which only the server renders, are not embedded', () => {
    const table = { common: { close: 'Close', skipToContent: 'Skip' }, appBar: { devMode: 'Dev', search: 'Search' } }
    expect(pickClientMessages(table)).toEqual({ common: { close: 'Close' }, appBar: { search: 'Search' } })
    // The table itself is left as it was.
    expect(table.common.skipToContent).toBe('Skip')
  })
})

describe('lazy island messages', () => {
  const table = { common: { ok: 'OK' }, drawer: { label: 'Menu' }, pages: { skin: { viewer: { walk: 'Walk' }, community: { like: 'Like' } } } }

  test('a deferred island’s strings are its own file, and merge into the embedded table branch by branch', () => {
    const embedded = pickClientMessages(table, ['skin-viewer'])
    expect(embedded).toEqual({ common: { ok: 'OK' }, pages: { skin: { viewer: { walk: 'Walk' } } } })
    const community = lazyMessages(table, 'skin-community')
    expect(community).toEqual({ pages: { skin: { community: { like: 'Like' } } } })
    expect(mergeMessages(embedded, community)).toEqual({ common: { ok: 'OK' }, pages: { skin: { viewer: { walk: 'Walk' }, community: { like: 'Like' } } } })
    expect(lazyMessages(table, 'app-drawer')).toEqual({ drawer: { label: 'Menu' } })
    expect(lazyMessages(table, 'search-field')).toEqual({})
    expect(lazyMessagesUrl('/assets/i18n-abc', 'hi', 'app-drawer')).toBe('/assets/i18n-abc-hi-app-drawer.json')
  })

  test('the drawer’s strings are not embedded on every page any more', () => {
    expect(pickClientMessages(table)).toEqual({ common: { ok: 'OK' } })
  })
})

describe('strings files that name no island', () => {
  const table = { capePreview: { hide: 'Hide' }, generate: { cape: 'Cape' }, pages: { skin: { viewer: { walk: 'Walk' }, copyManually: 'Copy' } } }

  test('are written by the build like an island’s strings, and never embedded in a page', () => {
    expect(lazyMessages(table, 'cape-preview-strings')).toEqual({ capePreview: { hide: 'Hide' }, pages: { skin: { viewer: { walk: 'Walk' } } } })
    expect(pickClientMessages(table, ['generate-form', 'cape-preview-strings'])).toEqual({ generate: { cape: 'Cape' } })
    expect(stringsFileNames()).toEqual([...Object.keys(ISLAND_NAMESPACES), ...Object.keys(STRINGS_FILES)])
    expect(stringsFileNames()).toContain('skin-copy')
  })

  test('a name is an island or a strings file, never both', () => {
    expect(Object.keys(STRINGS_FILES).filter((name) => name in ISLAND_NAMESPACES)).toEqual([])
  })
})

import { describe, expect, test } from 'bun:test'
import { pickClientMessages } from './client-messages'

describe('pickClientMessages', () => {
  const table = { common: { ok: 'OK' }, generate: { title: 'Generate' }, pages: { skin: { title: 'Skin', viewer: { walk: 'Walk' } }, home: { title: 'Home' } } }

  test('embeds the client namespaces and only the branches the rendered islands use', () => {
    expect(pickClientMessages(table)).toEqual({ common: { ok: 'OK' } })
    expect(pickClientMessages(table, ['generate-form'])).toEqual({ common: { ok: 'OK' }, generate: { title: 'Generate' } })
    // A dotted namespace picks one branch, not the whole `pages` tree.
    expect(pickClientMessages(table, ['skin-viewer'])).toEqual({ common: { ok: 'OK' }, pages: { skin: { viewer: { walk: 'Walk' } } } })
  })
})

import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findApiKey } from '../identity/api-keys'
import { openStore, type BunStore as Store } from '../../store/db'
import { createUserKey, listKeys, MAX_KEYS_PER_USER, parseOrigins, revokeKey } from './key-management'

let dir: string
let store: Store
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-keys-'))
  store = openStore(dir)
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const U = 'ab'.repeat(16)
const OTHER = 'cd'.repeat(16)

describe('API keys of an account', () => {
  test('create returns the secret once; the list shows settings, never the secret; revoke is owner-only', async () => {
    const r = await createUserKey(store.db, U, { name: '  My plugin ', useCredits: true, origins: 'https://a.example\nhttps://b.example:8443' }, 1000)
    if (!r.ok) throw new Error('expected ok')
    expect(r.key).toMatch(/^ssg_[0-9a-f]{64}$/)
    expect((await findApiKey(store.db, r.key))?.id).toBe(r.id)
    const list = await listKeys(store.db, U)
    expect(list).toEqual([{ id: r.id, name: 'My plugin', createdAt: 1000, lastUsed: null, useCredits: true, allowedOrigins: ['https://a.example', 'https://b.example:8443'] }])
    expect(JSON.stringify(list)).not.toContain(r.key)
    expect(await revokeKey(store.db, OTHER, r.id, 2000)).toBe(false)
    expect(await revokeKey(store.db, U, r.id, 2000)).toBe(true)
    expect(await revokeKey(store.db, U, r.id, 2000)).toBe(false)
    expect(await findApiKey(store.db, r.key)).toBeNull()
    expect(await listKeys(store.db, U)).toEqual([])
  })

  test('bad input is refused with a reason', async () => {
    expect(await createUserKey(store.db, U, { name: ' ', useCredits: false, origins: '' }, 1)).toEqual({ ok: false, error: { code: 'nameRequired' } })
    expect(await createUserKey(store.db, U, { name: 'x'.repeat(65), useCredits: false, origins: '' }, 1)).toEqual({ ok: false, error: { code: 'nameTooLong', max: 64 } })
    expect(await createUserKey(store.db, U, { name: 'x', useCredits: false, origins: 'https://ok.example, ftp://no.example' }, 1)).toEqual({
      ok: false,
      error: { code: 'badOrigin', origin: 'ftp://no.example' },
    })
    expect(parseOrigins('https://a.example/path')).toEqual({ bad: 'https://a.example/path' })
    for (let i = 0; i < MAX_KEYS_PER_USER; i++) expect((await createUserKey(store.db, U, { name: `k${i}`, useCredits: false, origins: '' }, i)).ok).toBe(true)
    expect(await createUserKey(store.db, U, { name: 'one more', useCredits: false, origins: '' }, 99)).toEqual({ ok: false, error: { code: 'tooMany', max: MAX_KEYS_PER_USER } })
    expect((await listKeys(store.db, U)).length).toBe(MAX_KEYS_PER_USER)
  })
})

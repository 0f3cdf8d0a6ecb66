/**
 * The embedded SpentProofStore: the `antibot_spent` table in a real SQLite file;
 * the first spend of an id wins, concurrent spends of one id see one success, expired ids are purged.
 */
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sqliteSpentProofStore } from './spent-proof-store'

const dir = mkdtempSync(join(tmpdir(), 'spent-proofs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function database(): Database {
  const db = new Database(join(dir, `${crypto.randomUUID()}.db`))
  // The table as migration 0000_init.sql creates it.
  db.run('CREATE TABLE antibot_spent (id text PRIMARY KEY NOT NULL, expires_at integer NOT NULL)')
  return db
}

describe('SQLite spent-proof store', () => {
  test('the first spend wins; concurrent spends of one id succeed once', async () => {
    const store = sqliteSpentProofStore(database(), () => 1_000)
    expect(await store.spend('a', 5_000)).toBe(true)
    expect(await store.spend('a', 5_000)).toBe(false)
    const both = await Promise.all([store.spend('b', 5_000), store.spend('b', 5_000)])
    expect(both.filter(Boolean)).toHaveLength(1)
  })

  test('expired ids are purged and can be spent again', async () => {
    let now = 1_000
    const db = database()
    const store = sqliteSpentProofStore(db, () => now)
    expect(await store.spend('a', 2_000)).toBe(true)
    now = 2_001
    expect(await store.spend('a', 9_000)).toBe(true)
    expect(db.query('SELECT count(*) AS n FROM antibot_spent').get()).toEqual({ n: 1 })
  })
})

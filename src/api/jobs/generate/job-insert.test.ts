import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import { openStore, type BunStore } from '../../store/db'
import { jobs } from '../../store/schema'
import { insertJobRow, JOB_COLUMNS } from './job-insert'

const opened: { dir: string; store: BunStore }[] = []
afterEach(() => {
  for (const { dir, store } of opened.splice(0)) {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the insert names every column of the jobs table, and no other', () => {
  expect([...JOB_COLUMNS].sort() as string[]).toEqual(Object.values(getTableColumns(jobs)).map((c) => c.name).sort())
})

test('the row handed back is the row a read gives, defaults included', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-job-insert-'))
  const store = openStore(dir)
  opened.push({ dir, store })
  const minimal = await insertJobRow(store.sql, { id: 'a'.repeat(24), status: 'waiting', kind: 'upload', options: '{}', breadcrumb: 'b1', createdAt: 1000 })
  expect(await store.sql.get('SELECT * FROM jobs WHERE id = ?', [minimal.id])).toEqual(minimal)
  const full = await insertJobRow(store.sql, {
    id: 'b'.repeat(24), status: 'completed', kind: 'url', imageHash: 'h', userUuid: 'u', input: '{"x":1}', sourceName: 'https://e.test/a.png',
    options: '{"name":null}', userId: 'user', apiKeyId: 'key', clientId: 'client', ip: '198.51.100.9', breadcrumb: 'b2',
    createdAt: 2000, startedAt: 2001, finishedAt: 2002, result: 'skin', duplicate: 'image_hash', errors: null, attempts: 1,
  })
  expect(await store.sql.get('SELECT * FROM jobs WHERE id = ?', [full.id])).toEqual(full)
})

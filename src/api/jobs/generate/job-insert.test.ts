import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import { openStore, type BunStore } from '../../store/db'
import { jobs } from '../../store/schema'
import { insertClaimedJobRow, insertJobRow, JOB_COLUMNS } from './job-insert'

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

test('a claimed insert records the job waiting, then processing, in one write, and hands back the claimed row', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-job-insert-'))
  const store = openStore(dir)
  opened.push({ dir, store })
  const claimed = await insertClaimedJobRow(store.sql, { id: 'c'.repeat(24), status: 'waiting', kind: 'upload', options: '{}', breadcrumb: 'b3', createdAt: 3000 }, 3005)
  expect(claimed).toMatchObject({ status: 'processing', started_at: 3005, attempts: 1 })
  expect(await store.sql.get('SELECT * FROM jobs WHERE id = ?', [claimed.id])).toEqual(claimed)
  // Both changes are in the job event log, in order (the triggers of migration 0020).
  expect((await store.sql.all<{ status: string }>('SELECT status FROM job_events WHERE job_id = ? ORDER BY id', [claimed.id])).map((r) => r.status)).toEqual(['waiting', 'processing'])
})

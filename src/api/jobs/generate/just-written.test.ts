/**
 * A submit that waits for its job answers with the skin as the job's run wrote it (./just-written.ts); the
 * answer must be the one a read gives: the same skin object, field for field, as `GET /v2/queue/{id}`
 * reads it afterwards. No other answer takes the record.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { loadSkinRecordWithTags, type SkinRecord } from '../../skins/services/skin-record'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { createJustWritten, MAX_AGE_MS } from './just-written'

const record = (name: string) => ({ skin: { name }, data: { name } })

describe('the written skins store', () => {
  test('a record is taken once, and only while it is fresh', () => {
    let now = 0
    const kept = createJustWritten(8, () => now)
    kept.keep('a', record('a'))
    kept.keep('b', record('b'))
    expect(kept.take('a')).toEqual(record('a'))
    expect(kept.take('a')).toBeUndefined()
    now += MAX_AGE_MS + 1
    expect(kept.take('b')).toBeUndefined()
  })

  test('at most `max` are kept: the oldest go first', () => {
    const kept = createJustWritten(2, () => 0)
    for (const id of ['a', 'b', 'c']) kept.keep(id, record(id))
    expect([kept.take('a'), kept.take('b'), kept.take('c')]).toEqual([undefined, record('b'), record('c')])
  })
})

const open: TestApi[] = []
afterEach(async () => {
  for (const t of open.splice(0)) await t.close()
})

describe('a submit that waits for its job', () => {
  test('answers the skin its run wrote exactly as a later read of the job does', async () => {
    const t = await startTestApi()
    open.push(t)
    const form = uploadForm(makeSkinPng(9311), { name: 'Written Once', visibility: 'unlisted', variant: 'slim' })
    const submitted = await t.json('/v2/queue?wait=5000', { method: 'POST', body: form, headers: { 'user-agent': 'JustWritten/1.0' } })
    expect(submitted.status).toBe(200)
    const { job, skin } = submitted.body as { job: { id: string; status: string; result: string }; skin: Record<string, unknown> }
    expect(job.status).toBe('completed')
    // The record was taken by that answer: the next one reads the database.
    expect(t.api.services.generator.writtenRecord(job.result)).toBeUndefined()
    const read = await t.json(`/v2/queue/${job.id}`, { headers: { 'user-agent': 'JustWritten/1.0' } })
    expect(skin).toEqual(read.body.skin)
    expect(skin).toMatchObject({ name: 'Written Once', visibility: 'unlisted', variant: 'slim' })
  })

  test('a read of the job by any other request does not take it: that answer reads the skin', async () => {
    const t = await startTestApi()
    open.push(t)
    const submitted = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(9313)), headers: { 'user-agent': 'JustWritten/1.0' } })
    const id = (submitted.body as { job: { id: string } }).job.id
    await t.api.idle()
    const read = await t.json(`/v2/queue/${id}`, { headers: { 'user-agent': 'JustWritten/1.0' } })
    const uuid = (read.body as { job: { status: string; result: string } }).job.result
    expect((read.body as { job: { status: string } }).job.status).toBe('completed')
    expect(t.api.services.generator.writtenRecord(uuid)).toBeDefined()
  })

  test('the record built from the written rows is the record a read loads', async () => {
    const t = await startTestApi()
    open.push(t)
    const services = t.api.services
    const kept: SkinRecord[] = []
    const take = services.generator.writtenRecord
    // Keep what the submit's answer takes, to compare it with the database's record.
    services.generator.writtenRecord = (uuid) => {
      const rec = take(uuid)
      if (rec) kept.push(rec)
      return rec
    }
    const submitted = await t.json('/v2/queue?wait=5000', { method: 'POST', body: uploadForm(makeSkinPng(9312)), headers: { 'user-agent': 'JustWritten/1.0' } })
    const uuid = (submitted.body as { job: { result: string } }).job.result
    expect(kept).toHaveLength(1)
    expect(kept[0]).toEqual((await loadSkinRecordWithTags(services.ctx.store.db, uuid))!)
  })
})

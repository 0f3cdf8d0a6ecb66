/**
 * A job run right after its submit takes the submit's duplicate lookup as its own (./lookup-holds.ts):
 * the run asks the database nothing about the texture. A run that starts later, or after another run of
 * the same texture, looks again, so a burst of one texture still makes one skin.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import type { SqlClient } from '../../store/sql'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'
import { LOOKUP_HOLDS_MS } from './lookup-holds'

const open: TestApi[] = []
afterEach(async () => {
  for (const t of open.splice(0)) await t.close()
})

/** Every statement the API's SqlClient is given from now on (the generator shares the object). */
function recordStatements(sql: SqlClient): string[] {
  const seen: string[] = []
  const client = sql as unknown as Record<string, (...args: unknown[]) => unknown>
  for (const method of ['get', 'all', 'run', 'batch'] as const) {
    const original = client[method]!.bind(sql)
    client[method] = (...args: unknown[]) => {
      const first = args[0]
      if (typeof first === 'string') seen.push(first)
      else if (Array.isArray(first)) for (const s of first as { sql: string }[]) seen.push(s.sql)
      return original(...args)
    }
  }
  return seen
}

/** Lookups of a texture's data row: the submit's (with its ban) and a run's own. */
const textureLookups = (seen: string[]) => seen.filter((s) => /FROM skin_data WHERE texture_hash = \?/.test(s)).length

const jobOf = async (t: TestApi, body: FormData, wait = 5000) => {
  const res = await t.json(`/v2/queue?wait=${wait}`, { method: 'POST', body, headers: { 'user-agent': 'LookupHolds/1.0' } })
  expect(res.status).toBe(wait ? 200 : 202)
  return res.body as { job: { id: string; status: string; result?: string } }
}

describe("a job's run and its submit's duplicate lookup", () => {
  test('a job run at once asks nothing more about its texture than its submit did', async () => {
    const t = await startTestApi()
    open.push(t)
    const seen = recordStatements(t.api.services.ctx.store.sql)
    const { job } = await jobOf(t, uploadForm(makeSkinPng(7101)))
    expect(job.status).toBe('completed')
    expect(textureLookups(seen)).toBe(1)
  })

  test('a job that starts over a second after its submit looks again', async () => {
    const t = await startTestApi({ noStart: true })
    open.push(t)
    const seen = recordStatements(t.api.services.ctx.store.sql)
    const { job } = await jobOf(t, uploadForm(makeSkinPng(7102)), 0)
    expect(job.status).toBe('waiting')
    t.clock.now += LOOKUP_HOLDS_MS + 1
    await t.api.start()
    const done = await t.json(`/v2/queue/${job.id}?wait=5000`)
    expect(done.body.job.status).toBe('completed')
    expect(textureLookups(seen)).toBe(2)
  })

  test('a burst of one texture, submitted before any of it ran, still makes one skin', async () => {
    const t = await startTestApi({ noStart: true })
    open.push(t)
    const png = makeSkinPng(7103)
    const jobs = await Promise.all([1, 2, 3].map(() => jobOf(t, uploadForm(png), 0)))
    await t.api.start()
    const done = await Promise.all(jobs.map(({ job }) => t.json(`/v2/queue/${job.id}?wait=5000`)))
    const skins = new Set(done.map((d) => d.body.job.result as string))
    expect(done.map((d) => d.body.job.status)).toEqual(['completed', 'completed', 'completed'])
    expect(skins.size).toBe(1)
  })
})

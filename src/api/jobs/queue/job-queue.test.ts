import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore as Store } from '../../store/db'
import { startTestApi } from '../../testing/api-harness'
import { createJobQueue, type JobRow } from './job-queue'

/** Lets finished jobs settle (a macrotask turn; no wall-clock wait). */
const tick = () => new Promise<void>((r) => setImmediate(r))

const dirs: string[] = []
const stores: Store[] = []
afterEach(() => {
  for (const s of stores.splice(0)) s.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function freshStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-queue-'))
  dirs.push(dir)
  const s = openStore(dir)
  stores.push(s)
  return s
}

const insert = (s: Store, id: string, status: JobRow['status'], createdAt: number) =>
  s.sqlite
    .query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at) VALUES (?, ?, 'upload', '{}', 'abcd1234', ?)`)
    .run(id, status, createdAt)

/** A processor whose jobs finish only when the test says so. */
function controlled() {
  const pending = new Map<string, { resolve: (v: { skinUuid: string }) => void; reject: (e: unknown) => void }>()
  const started: string[] = []
  return {
    started,
    process: (job: JobRow) =>
      new Promise<{ skinUuid: string }>((resolve, reject) => {
        started.push(job.id)
        pending.set(job.id, { resolve, reject })
      }),
    finish: (id: string) => pending.get(id)!.resolve({ skinUuid: `skin-${id}` }),
    fail: (id: string, e: unknown) => pending.get(id)!.reject(e),
  }
}

describe('job queue', () => {
  test('claims oldest first, never more than the concurrency, and records outcomes', async () => {
    const s = freshStore()
    let now = 1_000
    for (let i = 0; i < 5; i++) insert(s, `job${i}`.padEnd(24, '0'), 'waiting', 100 + i)
    const p = controlled()
    const q = createJobQueue({ sql: s.sql, process: p.process, concurrency: 2, now: () => now, pollMs: 0 })
    await q.start()
    expect(p.started).toEqual(['job0'.padEnd(24, '0'), 'job1'.padEnd(24, '0')])
    expect(q.active()).toBe(2)
    now = 1_500
    p.finish(p.started[0]!)
    await tick()
    expect(p.started.length).toBe(3)
    p.fail(p.started[1]!, new Error('boom'))
    await tick()
    for (const id of p.started.slice(2)) p.finish(id)
    await tick()
    for (const id of p.started.slice(3)) p.finish(id)
    await tick()
    for (const id of p.started.slice(4)) p.finish(id)
    await q.idle()
    const rows = s.sqlite.query<JobRow, []>('SELECT * FROM jobs ORDER BY created_at').all()
    expect(rows.map((r) => r.status)).toEqual(['completed', 'failed', 'completed', 'completed', 'completed'])
    expect(rows[0]!.result).toBe(`skin-${rows[0]!.id}`)
    expect(rows[0]!.started_at).toBe(1_000)
    expect(rows[0]!.finished_at).toBe(1_500)
    expect(JSON.parse(rows[1]!.errors!)).toEqual([{ code: 'internal_error', message: 'An internal error occurred' }])
    await q.stop()
  })

  test('start() puts jobs a crash left processing back to waiting, and runs them', async () => {
    const s = freshStore()
    insert(s, 'a'.repeat(24), 'processing', 10)
    insert(s, 'b'.repeat(24), 'completed', 5)
    const p = controlled()
    const q = createJobQueue({ sql: s.sql, process: p.process, concurrency: 1, now: () => 50, pollMs: 0 })
    await q.start()
    expect(p.started).toEqual(['a'.repeat(24)])
    p.finish('a'.repeat(24))
    await q.idle()
    expect(s.sqlite.query<{ status: string; attempts: number }, []>(`SELECT status, attempts FROM jobs WHERE id = '${'a'.repeat(24)}'`).get()).toEqual({ status: 'completed', attempts: 1 })
    await q.stop()
  })

  test('eta comes from measured durations; waitFor resolves when the job ends or times out', async () => {
    const s = freshStore()
    let now = 0
    const p = controlled()
    let expire = () => {}
    const q = createJobQueue({ sql: s.sql, process: p.process, concurrency: 1, now: () => now, pollMs: 0, wait: () => new Promise<void>((r) => (expire = r)) })
    await q.start()
    const before = q.eta({ status: 'waiting', created_at: 0, started_at: null })!
    insert(s, 'c'.repeat(24), 'waiting', 0)
    await q.notify()
    const done = q.waitFor('c'.repeat(24), 5_000)
    now = 4_000
    p.finish('c'.repeat(24))
    expect((await done)!.status).toBe('completed')
    // One 4 s job moves the mean generate time towards 4 s.
    expect(q.eta({ status: 'waiting', created_at: 0, started_at: null })!).toBeGreaterThan(before)
    expect(q.eta({ status: 'completed', created_at: 0, started_at: 0 })).toBeUndefined()
    const never = q.waitFor('d'.repeat(24), 1000)
    // waitFor reads the job row before it starts the deadline.
    await tick()
    expire()
    expect(await never).toBeNull()
    await q.stop()
  })
})

describe('waiting for a job (the GET /v2/queue/{id}?wait= long-poll)', () => {
  /** A `wait` that ends only when the test says so, or when the queue aborts it; records each deadline. */
  function heldDeadlines() {
    const deadlines: { ms: number; signal?: AbortSignal; expire: () => void }[] = []
    const wait = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        deadlines.push({ ms, signal, expire: resolve })
        signal?.addEventListener('abort', () => resolve(), { once: true })
      })
    return { deadlines, wait }
  }

  test('a waiter leaves nothing behind: not when the job finishes, not at its deadline, not when its caller goes away', async () => {
    const s = freshStore()
    const p = controlled()
    const { deadlines, wait } = heldDeadlines()
    const q = createJobQueue({ sql: s.sql, process: p.process, concurrency: 1, now: () => 0, pollMs: 0, wait })
    await q.start()
    const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(24)) as [string, string, string]
    for (const id of [a, b, c]) insert(s, id, 'waiting', 0)
    await q.notify()

    // Finished: the waiter gets the row and its deadline timer is released.
    const done = q.waitFor(a, 10_000)
    await tick()
    expect(q.waiting()).toBe(1)
    p.finish(a)
    expect((await done)?.status).toBe('completed')
    expect(q.waiting()).toBe(0)
    expect(deadlines[0]!.signal?.aborted).toBe(true)

    // Deadline: null, and the waiter is gone.
    const late = q.waitFor(b, 3000)
    await tick()
    expect(deadlines[1]!.ms).toBe(3000)
    deadlines[1]!.expire()
    expect(await late).toBeNull()
    expect(q.waiting()).toBe(0)

    // The caller went away (the request's AbortSignal): null at once, waiter and timer gone.
    const leaving = new AbortController()
    const gone = q.waitFor(c, 10_000, leaving.signal)
    await tick()
    expect(q.waiting()).toBe(1)
    leaving.abort()
    expect(await gone).toBeNull()
    expect(q.waiting()).toBe(0)
    expect(deadlines[2]!.signal?.aborted).toBe(true)
    // An already aborted caller or no wait at all registers nothing.
    expect(await q.waitFor(c, 10_000, leaving.signal)).toBeNull()
    expect(await q.waitFor(c, 0)).toBeNull()
    expect(q.waiting()).toBe(0)
    expect(deadlines).toHaveLength(3)
    for (const id of [b, c]) {
      p.finish(id)
      await tick()
    }
    await q.stop()
  })
})

describe('crash safety', () => {
  test('a server killed while processing loses no job: a restart finishes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-crash-'))
    dirs.push(dir)
    const child = Bun.spawn(['bun', join(import.meta.dir, 'crash-child.fixture.ts'), dir], { stdout: 'pipe', stderr: 'inherit' })
    const reader = child.stdout.getReader()
    let text = ''
    while (!text.includes('\n')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    const { jobId, status } = JSON.parse(text.split('\n')[0]!) as { jobId: string; status: string }
    expect(status).toBe('processing')
    child.kill('SIGKILL')
    await child.exited

    const t = await startTestApi({ dir, keepDir: true })
    try {
      await t.api.idle()
      const job = await t.json(`/v2/queue/${jobId}`)
      expect(job.body.job.status).toBe('completed')
      expect(job.body.skin.name).toBe('Survivor')
    } finally {
      await t.close()
    }
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiError } from '../errors'
import type { JobRow } from '../jobs/queue/job-queue'
import { openStore, type BunStore } from '../store/db'
import { DEAD_LETTER_ERRORS, LOCAL_CHECK_MS, nextReadMs, queuesJobQueue, type JobMessage, type QueuesJobQueueOptions } from './queues-job-queue'

/**
 * The Queues consumer's logic on a real SQLite store with the jobs schema (the SQL is
 * the same on D1); the message batches are recorders of ack/retry. test/worker/api-worker.test.ts runs
 * it under wrangler dev with real Queues.
 */
const dirs: string[] = []
const stores: BunStore[] = []
afterEach(() => {
  for (const s of stores.splice(0)) s.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function freshStore(): BunStore {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-queues-'))
  dirs.push(dir)
  const s = openStore(dir)
  stores.push(s)
  return s
}

const insert = (s: BunStore, id: string, status: JobRow['status'], attempts = 0) =>
  s.sqlite
    .query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, attempts, started_at) VALUES (?, ?, 'upload', '{}', 'abcd1234', 1000, ?, ?)`)
    .run(id, status, attempts, status === 'processing' ? 1500 : null)
const row = (s: BunStore, id: string) => s.sqlite.query('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow

/** A batch of messages that records what the consumer did with each. */
function batch(queue: string, ...jobIds: string[]) {
  const outcome: Record<string, string> = {}
  const messages = jobIds.map((jobId) => ({
    id: `m-${jobId}`,
    body: { jobId },
    attempts: 1,
    timestamp: new Date(0),
    ack: () => void (outcome[jobId] = 'ack'),
    retry: (o?: { delaySeconds?: number }) => void (outcome[jobId] = `retry ${o?.delaySeconds ?? 0}`),
  }))
  return { batch: { queue, messages, ackAll() {}, retryAll() {} } as never, outcome }
}

function setup(s: BunStore, over: Partial<QueuesJobQueueOptions> = {}) {
  const sent: JobMessage[] = []
  const processed: string[] = []
  const unexpected: unknown[] = []
  const q = queuesJobQueue({
    sql: s.sql,
    producer: { send: async (m: JobMessage) => void sent.push(m) } as never,
    process: async (job) => {
      processed.push(job.id)
      return { skinUuid: `skin-${job.id}` }
    },
    concurrency: 4,
    now: () => 2000,
    retryDelaySeconds: 7,
    onUnexpectedError: (_job, e) => void unexpected.push(e),
    ...over,
  })
  return { q, sent, processed, unexpected }
}

describe('queuesJobQueue', () => {
  test('notify sends the job id; a job whose message cannot be sent is failed, not left waiting', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    insert(s, 'b', 'waiting')
    const { q, sent } = setup(s)
    await q.notify('a')
    expect(sent).toEqual([{ jobId: 'a' }])
    const broken = setup(s, { producer: { send: async () => Promise.reject(new Error('queue down')) } as never }).q
    await expect(broken.notify('b')).rejects.toThrow('queue down')
    expect(row(s, 'b').status).toBe('failed')
    expect(row(s, 'a').status).toBe('waiting')
  })

  test('consume: a waiting job is claimed, processed, completed and acked', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    const { q, processed } = setup(s)
    const { batch: b, outcome } = batch('skin-jobs', 'a')
    await q.consume(b)
    expect(processed).toEqual(['a'])
    expect(outcome).toEqual({ a: 'ack' })
    expect(row(s, 'a')).toMatchObject({ status: 'completed', result: 'skin-a', attempts: 1, started_at: 2000, finished_at: 2000 })
  })

  test('a redelivered job that a dead consumer left processing is claimed again once its lease ran out; finished and unknown jobs are acked without work', async () => {
    const s = freshStore()
    insert(s, 'dead', 'processing', 1)
    insert(s, 'done', 'completed', 1)
    insert(s, 'gone', 'failed', 1)
    // Claimed at 1500, lease 500 ms, now 2000: the claim has run out.
    const { q, processed } = setup(s, { leaseMs: 500 })
    const { batch: b, outcome } = batch('skin-jobs', 'dead', 'done', 'gone', 'unknown')
    await q.consume(b)
    expect(processed).toEqual(['dead'])
    expect(outcome).toEqual({ dead: 'ack', done: 'ack', gone: 'ack', unknown: 'ack' })
    expect(row(s, 'dead')).toMatchObject({ status: 'completed', attempts: 2 })
    expect(row(s, 'done')).toMatchObject({ status: 'completed', attempts: 1 })
  })

  test('a second delivery while a live consumer holds the job is retried after the rest of the lease, not processed again', async () => {
    const s = freshStore()
    insert(s, 'busy', 'processing', 1)
    // Claimed at 1500, lease 10 s, now 2000: 9.5 s of the lease are left.
    const { q, processed } = setup(s, { leaseMs: 10_000 })
    const { batch: b, outcome } = batch('skin-jobs', 'busy')
    await q.consume(b)
    expect(processed).toEqual([])
    expect(outcome).toEqual({ busy: 'retry 10' })
    expect(row(s, 'busy')).toMatchObject({ status: 'processing', attempts: 1, started_at: 1500 })
  })

  test('an ApiError fails the job (acked); an unexpected error puts it back to waiting and retries the message with the delay', async () => {
    const s = freshStore()
    insert(s, 'bad', 'waiting')
    insert(s, 'flaky', 'waiting')
    const { q, unexpected } = setup(s, {
      process: async (job) => {
        if (job.id === 'bad') throw new ApiError('invalid_image', 'Not a skin', 400)
        throw new Error('D1 went away')
      },
    })
    const { batch: b, outcome } = batch('skin-jobs', 'bad', 'flaky')
    await q.consume(b)
    expect(outcome).toEqual({ bad: 'ack', flaky: 'retry 7' })
    expect(row(s, 'bad').status).toBe('failed')
    expect(JSON.parse(row(s, 'bad').errors!)[0]).toEqual({ code: 'invalid_image', message: 'Not a skin' })
    expect(row(s, 'flaky')).toMatchObject({ status: 'waiting', started_at: null, attempts: 1 })
    expect(String(unexpected[0])).toContain('D1 went away')
  })

  test('a consumer that dies after the claim (afterClaim throws) leaves the message unacked and the job processing', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    const { q, processed } = setup(s, {
      afterClaim: (_job, runner) => {
        throw new Error(`the ${runner} died`)
      },
    })
    const { batch: b, outcome } = batch('skin-jobs', 'a')
    await expect(q.consume(b)).rejects.toThrow('the message delivery died')
    expect(outcome).toEqual({})
    expect(processed).toEqual([])
    expect(row(s, 'a')).toMatchObject({ status: 'processing', attempts: 1 })
  })

  /** A request's waitUntil: keeps every promise it was handed, so a test can wait for them. */
  function request() {
    const kept: Promise<unknown>[] = []
    return { waitUntil: (p: Promise<unknown>) => void kept.push(p), settled: () => Promise.all(kept), kept }
  }

  describe('a job started at once in the submitting request', () => {
    test('notify sends the message first, then runs the job in the request\'s waitUntil with the same claim; the message that arrives later is acked without work', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const order: string[] = []
      const { q, processed } = setup(s, {
        producer: { send: async (m: JobMessage) => void order.push(`sent ${m.jobId}`) } as never,
        process: async (job) => {
          order.push(`processed ${job.id}`)
          processed.push(job.id)
          return { skinUuid: `skin-${job.id}` }
        },
        startNow: { waitUntil: () => req.waitUntil },
      })
      await q.notify('a')
      expect(req.kept).toHaveLength(1)
      await req.settled()
      expect(order).toEqual(['sent a', 'processed a'])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', result: 'skin-a', attempts: 1, started_at: 2000, finished_at: 2000 })
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      expect(processed).toEqual(['a'])
      expect(row(s, 'a').attempts).toBe(1)
    })

    test('a slot reserved before the insert: the row goes in claimed, the message is sent first, the job runs once and its later message is acked', async () => {
      const s = freshStore()
      const req = request()
      const order: string[] = []
      const changes: string[] = []
      const { q, processed } = setup(s, {
        producer: { send: async (m: JobMessage) => void order.push(`sent ${m.jobId}`) } as never,
        process: async (job) => {
          order.push(`processed ${job.id} ${job.status} ${job.attempts}`)
          processed.push(job.id)
          return { skinUuid: `skin-${job.id}` }
        },
        startNow: { waitUntil: () => req.waitUntil },
        onChange: async () => void changes.push(row(s, 'a')?.status ?? 'none'),
      })
      const slot = (await q.reserveStart())!
      expect(slot.at).toBe(2000)
      expect(q.active()).toBe(1)
      // What the generator does with a slot: the insert is the claim.
      s.sqlite.query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, attempts, started_at) VALUES ('a', 'processing', 'upload', '{}', 'abcd1234', 1990, 1, ?)`).run(slot.at)
      await slot.start(row(s, 'a'))
      await req.settled()
      expect(order).toEqual(['sent a', 'processed a processing 1'])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', result: 'skin-a', attempts: 1, started_at: 2000, finished_at: 2000 })
      // No claim of its own: the only change it tells of is the completion (the insert told of the rest).
      expect(changes).toEqual(['completed'])
      expect(q.active()).toBe(0)
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      expect(processed).toEqual(['a'])
    })

    test('a processor that writes the completion in its own batch: the queue takes the row it returned and writes nothing more', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const writes: string[] = []
      const sql = { ...s.sql, get: (q: string, p?: unknown[]) => (q.startsWith('UPDATE jobs SET status = \'completed\'') && writes.push('queue completed'), s.sql.get(q, p as never)) } as typeof s.sql
      const { q } = setup(s, {
        sql,
        startNow: { waitUntil: () => req.waitUntil },
        process: async (job, completion) => {
          const [result] = await s.sql.batch([completion!.statement(`skin-${job.id}`, 'image_hash_data')])
          return { skinUuid: `skin-${job.id}`, completed: result!.rows[0] as JobRow }
        },
      })
      await q.notify('a')
      await req.settled()
      expect(writes).toEqual([])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', result: 'skin-a', duplicate: 'image_hash_data', finished_at: 2000 })
      expect(await q.waitFor('a', 1000)).toEqual(row(s, 'a'))
    })

    test('no slot outside a request, past the concurrency or with a signer not ready; a cancelled slot and an unsendable message give theirs back', async () => {
      const s = freshStore()
      expect(await setup(s, { startNow: { waitUntil: () => undefined } }).q.reserveStart()).toBeNull()
      const req = request()
      const notReady = setup(s, { startNow: { waitUntil: () => req.waitUntil, ready: async () => false } }).q
      expect(await notReady.reserveStart()).toBeNull()
      expect(notReady.active()).toBe(0)
      const { q } = setup(s, { concurrency: 2, startNow: { waitUntil: () => req.waitUntil } })
      const [first, second, third] = await Promise.all([q.reserveStart(), q.reserveStart(), q.reserveStart()])
      expect([first !== null, second !== null, third]).toEqual([true, true, null])
      first!.cancel()
      first!.cancel()
      expect(q.active()).toBe(1)
      const broken = setup(s, { concurrency: 1, producer: { send: async () => Promise.reject(new Error('queue down')) } as never, startNow: { waitUntil: () => req.waitUntil } }).q
      const slot = (await broken.reserveStart())!
      insert(s, 'b', 'processing', 1)
      await expect(slot.start(row(s, 'b'))).rejects.toThrow('queue down')
      expect(row(s, 'b').status).toBe('failed')
      expect(broken.active()).toBe(0)
      expect(req.kept).toHaveLength(0)
    })

    test('outside a request (no waitUntil) nothing starts at once: the message runs the job', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const { q, processed } = setup(s, { startNow: { waitUntil: () => undefined } })
      await q.notify('a')
      expect(processed).toEqual([])
      expect(row(s, 'a').status).toBe('waiting')
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      expect(row(s, 'a')).toMatchObject({ status: 'completed', attempts: 1 })
    })

    test('a message that arrives while the immediate run still holds the job is retried after the rest of the lease, and the job is signed once', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      let finish!: () => void
      const signing = new Promise<void>((resolve) => (finish = resolve))
      let t = 2000
      const { q, processed } = setup(s, {
        now: () => t,
        leaseMs: 10_000,
        startNow: { waitUntil: () => req.waitUntil },
        process: async (job) => {
          processed.push(job.id)
          await signing
          return { skinUuid: `skin-${job.id}` }
        },
      })
      await q.notify('a')
      for (let i = 0; i < 100 && processed.length === 0; i++) await new Promise((r) => setTimeout(r, 0))
      expect(row(s, 'a')).toMatchObject({ status: 'processing', attempts: 1 })
      t = 3000
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      // Claimed at 2000 with a 10 s lease, now 3000: 9 s left.
      expect(outcome).toEqual({ a: 'retry 9' })
      finish()
      await req.settled()
      expect(processed).toEqual(['a'])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', attempts: 1 })
    })

    test('an immediate run that dies after its claim (the crash hook) leaves the job processing; the message takes it over once the lease ran out and completes it once', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const reported: unknown[] = []
      let t = 2000
      let crash = true
      const { q, processed } = setup(s, {
        now: () => t,
        leaseMs: 1000,
        startNow: { waitUntil: () => req.waitUntil },
        report: (e) => void reported.push(e),
        afterClaim: (_job, runner) => {
          if (!crash) return
          crash = false
          throw new Error(`the ${runner} died`)
        },
      })
      await q.notify('a')
      await req.settled()
      expect(String(reported[0])).toContain('the immediate run died')
      expect(processed).toEqual([])
      expect(row(s, 'a')).toMatchObject({ status: 'processing', attempts: 1 })
      expect(q.active()).toBe(0)
      // Within the lease the message is put off; after it, claimed and run.
      t = 2500
      const early = batch('skin-jobs', 'a')
      await q.consume(early.batch)
      expect(early.outcome).toEqual({ a: 'retry 1' })
      t = 3000
      const late = batch('skin-jobs', 'a')
      await q.consume(late.batch)
      expect(late.outcome).toEqual({ a: 'ack' })
      expect(processed).toEqual(['a'])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', attempts: 2 })
    })

    test('an unexpected error in the immediate run puts the job back to waiting, and the message runs it again', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      let attempt = 0
      const { q, unexpected } = setup(s, {
        startNow: { waitUntil: () => req.waitUntil },
        process: async (job) => {
          if (attempt++ === 0) throw new Error('D1 went away')
          return { skinUuid: `skin-${job.id}` }
        },
      })
      await q.notify('a')
      await req.settled()
      expect(String(unexpected[0])).toContain('D1 went away')
      expect(row(s, 'a')).toMatchObject({ status: 'waiting', started_at: null, attempts: 1 })
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      expect(row(s, 'a')).toMatchObject({ status: 'completed', attempts: 2 })
    })

    test('an ApiError in the immediate run fails the job for good; the message is acked without work', async () => {
      const s = freshStore()
      insert(s, 'bad', 'waiting')
      const req = request()
      const finished: string[] = []
      const { q } = setup(s, {
        startNow: { waitUntil: () => req.waitUntil },
        onFinished: async (id) => void finished.push(id),
        process: async () => {
          throw new ApiError('invalid_image', 'Not a skin', 400)
        },
      })
      await q.notify('bad')
      await req.settled()
      expect(row(s, 'bad')).toMatchObject({ status: 'failed', attempts: 1 })
      expect(finished).toEqual(['bad'])
      const { batch: b, outcome } = batch('skin-jobs', 'bad')
      await q.consume(b)
      expect(outcome).toEqual({ bad: 'ack' })
      expect(row(s, 'bad').attempts).toBe(1)
    })

    test('no more jobs start at once than the concurrency, counted over every queue of the isolate; past it the message runs them', async () => {
      const s = freshStore()
      for (const id of ['a', 'b', 'c', 'd']) insert(s, id, 'waiting')
      const req = request()
      const running = { jobs: 0 }
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      const processed: string[] = []
      const options = {
        concurrency: 2,
        running,
        startNow: { waitUntil: () => req.waitUntil },
        process: async (job: JobRow) => {
          processed.push(job.id)
          await gate
          return { skinUuid: `skin-${job.id}` }
        },
      }
      // Two queues of one isolate (two origins) share the count.
      const one = setup(s, options).q
      const other = setup(s, options).q
      await one.notify('a')
      await other.notify('b')
      await one.notify('c')
      await other.notify('d')
      expect(req.kept).toHaveLength(2)
      expect(running.jobs).toBe(2)
      open()
      await req.settled()
      expect(processed.sort()).toEqual(['a', 'b'])
      expect(running.jobs).toBe(0)
      expect(['c', 'd'].map((id) => row(s, id).status)).toEqual(['waiting', 'waiting'])
      const { batch: b, outcome } = batch('skin-jobs', 'a', 'b', 'c', 'd')
      await one.consume(b)
      expect(outcome).toEqual({ a: 'ack', b: 'ack', c: 'ack', d: 'ack' })
      expect(['a', 'b', 'c', 'd'].map((id) => `${row(s, id).status} ${row(s, id).attempts}`)).toEqual(Array(4).fill('completed 1'))
      // Below the bound again: the next job starts at once.
      insert(s, 'e', 'waiting')
      await one.notify('e')
      expect(req.kept).toHaveLength(3)
    })

    test('a signer without capacity now (ready false) leaves the job to the message and frees its slot', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const { q, processed } = setup(s, { startNow: { waitUntil: () => req.waitUntil, ready: async () => false } })
      await q.notify('a')
      await req.settled()
      expect(processed).toEqual([])
      expect(row(s, 'a')).toMatchObject({ status: 'waiting', attempts: 0 })
      expect(q.active()).toBe(0)
    })

    test('a message delivered before the immediate run claims wins the claim; the immediate run does nothing', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      let ready!: () => void
      const held = new Promise<boolean>((resolve) => (ready = () => resolve(true)))
      const { q, processed } = setup(s, { startNow: { waitUntil: () => req.waitUntil, ready: () => held } })
      await q.notify('a')
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      ready()
      await req.settled()
      expect(processed).toEqual(['a'])
      expect(row(s, 'a')).toMatchObject({ status: 'completed', attempts: 1 })
    })

    test('a wait for a job running in this isolate reads no D1 row: it answers with the row the run finished it with', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const reads = { byId: 0 }
      const sql = { ...s.sql, get: (q: string, p?: unknown[]) => (q.startsWith('SELECT * FROM jobs WHERE id') && reads.byId++, s.sql.get(q, p as never)) } as typeof s.sql
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      const waits: number[] = []
      const { q } = setup(s, {
        sql,
        startNow: { waitUntil: () => req.waitUntil },
        process: async (job) => {
          await gate
          return { skinUuid: `skin-${job.id}` }
        },
        wait: async (ms) => {
          waits.push(ms)
          if (waits.length === 20) open()
          await new Promise((r) => setTimeout(r, 0))
        },
      })
      await q.notify('a')
      const done = await q.waitFor('a', 60_000)
      expect(done).toMatchObject({ status: 'completed', result: 'skin-a' })
      expect(waits.slice(0, 20)).toEqual(Array(20).fill(LOCAL_CHECK_MS))
      expect(reads.byId).toBe(0)
      // The row handed back is the stored one, whole.
      expect(done).toEqual((await s.sql.get('SELECT * FROM jobs WHERE id = ?', ['a']))!)
    })

    test('a wait in the invocation that runs the job awaits the run, without looking every few ms; another invocation looks', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const submitting = {}
      let current: object = submitting
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      const waits: number[] = []
      const { q } = setup(s, {
        startNow: { waitUntil: () => req.waitUntil },
        invocation: () => current,
        process: async (job) => {
          await gate
          return { skinUuid: `skin-${job.id}` }
        },
        wait: (ms, signal) => {
          waits.push(ms)
          return new Promise<void>((resolve) => (signal?.aborted ? resolve() : signal?.addEventListener('abort', () => resolve(), { once: true })))
        },
      })
      await q.notify('a')
      const mine = q.waitFor('a', 5000)
      await new Promise((r) => setTimeout(r, 5))
      // The submit's own wait: one pause for the whole time left, ended by the run.
      expect(waits).toEqual([5000])
      current = {}
      const away = new AbortController()
      const other = q.waitFor('a', 5000, away.signal)
      await new Promise((r) => setTimeout(r, 5))
      expect(waits).toEqual([5000, LOCAL_CHECK_MS])
      open()
      expect(await mine).toMatchObject({ status: 'completed', result: 'skin-a' })
      await req.settled()
      current = submitting
      expect(await q.waitFor('a', 5000)).toMatchObject({ status: 'completed' })
      // The other invocation's wait ends when its client goes away (it looked, and was not told).
      away.abort()
      expect(await other).toMatchObject({ status: 'completed' })
    })

    test('a delivery of a job this isolate finished is acked without reading D1', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const queries: string[] = []
      const sql = { ...s.sql, get: (q: string, p?: unknown[]) => (queries.push(q), s.sql.get(q, p as never)), run: (q: string, p?: unknown[]) => (queries.push(q), s.sql.run(q, p as never)) } as typeof s.sql
      const { q } = setup(s, { sql, startNow: { waitUntil: () => req.waitUntil } })
      await q.notify('a')
      await req.settled()
      queries.length = 0
      const { batch: b, outcome } = batch('skin-jobs', 'a')
      await q.consume(b)
      expect(outcome).toEqual({ a: 'ack' })
      expect(queries).toEqual([])
      // Another isolate (a fresh queue) knows nothing of it: it reads the row, finds it finished, acks.
      const other = setup(s, { sql }).q
      const again = batch('skin-jobs', 'a')
      await other.consume(again.batch)
      expect(again.outcome).toEqual({ a: 'ack' })
      expect(queries.length).toBeGreaterThan(0)
      expect(row(s, 'a').attempts).toBe(1)
    })

    test('the immediate run tells the job event stream of each change in the submitting request', async () => {
      const s = freshStore()
      insert(s, 'a', 'waiting')
      const req = request()
      const told: string[] = []
      const { q } = setup(s, { startNow: { waitUntil: () => req.waitUntil }, onChange: async () => void told.push(row(s, 'a').status) })
      await q.notify('a')
      await req.settled()
      expect(told).toEqual(['processing', 'completed'])
    })
  })

  test('deadLetters fails unfinished jobs with job_failed and leaves finished ones alone', async () => {
    const s = freshStore()
    insert(s, 'stuck', 'processing', 4)
    insert(s, 'done', 'completed', 1)
    const { q } = setup(s)
    const { batch: b, outcome } = batch('skin-jobs-dlq', 'stuck', 'done')
    await q.deadLetters(b)
    expect(outcome).toEqual({ stuck: 'ack', done: 'ack' })
    expect(row(s, 'stuck')).toMatchObject({ status: 'failed', finished_at: 2000 })
    expect(JSON.parse(row(s, 'stuck').errors!)).toEqual(DEAD_LETTER_ERRORS)
    expect(row(s, 'done').status).toBe('completed')
  })

  test('every status change is told to the job event stream (onChange), awaited before the message is acked', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    const told: string[] = []
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const { q } = setup(s, {
      onChange: async () => {
        told.push(row(s, 'a').status)
        await gate
      },
    })
    const { batch: b, outcome } = batch('skin-jobs', 'a')
    const consumed = q.consume(b)
    for (let i = 0; i < 100 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 0))
    // Held by the notification of the claim: nothing processed or acked yet.
    expect(told).toEqual(['processing'])
    expect(outcome).toEqual({})
    open()
    await consumed
    expect(told).toEqual(['processing', 'completed'])
    expect(outcome).toEqual({ a: 'ack' })
  })

  test('failures, retries, dead letters and an unsendable message are told too; a row that did not change is not', async () => {
    const s = freshStore()
    for (const id of ['bad', 'flaky', 'stuck', 'unsent']) insert(s, id, 'waiting')
    insert(s, 'done', 'completed', 1)
    const told: string[] = []
    const statuses = () => ['bad', 'flaky', 'stuck', 'unsent', 'done'].map((id) => `${id}:${row(s, id).status}`).join(' ')
    const { q } = setup(s, {
      process: async (job) => {
        if (job.id === 'bad') throw new ApiError('invalid_image', 'Not a skin', 400)
        throw new Error('D1 went away')
      },
      producer: { send: async () => Promise.reject(new Error('queue down')) } as never,
      onChange: async () => void told.push(statuses()),
    })
    await q.consume(batch('skin-jobs', 'bad').batch)
    expect(told.splice(0)).toEqual([
      'bad:processing flaky:waiting stuck:waiting unsent:waiting done:completed',
      'bad:failed flaky:waiting stuck:waiting unsent:waiting done:completed',
    ])
    await q.consume(batch('skin-jobs', 'flaky').batch)
    expect(told.splice(0).map((t) => t.split(' ')[1])).toEqual(['flaky:processing', 'flaky:waiting'])
    await q.deadLetters(batch('skin-jobs-dlq', 'stuck', 'done').batch)
    expect(told.splice(0).map((t) => t.split(' ')[2])).toEqual(['stuck:failed'])
    await expect(q.notify('unsent')).rejects.toThrow('queue down')
    expect(told.splice(0).map((t) => t.split(' ')[3])).toEqual(['unsent:failed'])
  })

  test('waitFor reads the row until it is finished, 50 ms apart at first and spreading out, or gives up after the timeout (injected wait, no wall clock)', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    const waits: number[] = []
    const { q } = setup(s, {
      pollMs: 100,
      wait: async (ms) => {
        waits.push(ms)
        if (waits.length === 3) s.sqlite.query(`UPDATE jobs SET status = 'completed', result = 'x' WHERE id = 'a'`).run()
      },
    })
    expect((await q.waitFor('a', 1000))?.status).toBe('completed')
    expect(waits).toEqual([50, 50, 50])
    insert(s, 'b', 'waiting')
    waits.length = 0
    expect(await q.waitFor('b', 250)).toBeNull()
    expect(waits).toEqual([50, 50, 50, 50, 50])
    // A long wait: a quarter of the time waited so far between reads, never more than pollMs; the last pause ends at the timeout.
    waits.length = 0
    expect(await q.waitFor('b', 1000)).toBeNull()
    expect(waits).toEqual([50, 50, 50, 50, 50, 63, 78, 98, 100, 100, 100, 100, 100, 11])
    expect(waits.reduce((a, b) => a + b)).toBe(1000)
  })

  test('waitFor counts the time its reads take: the wait ends on the clock, not only after the sum of its pauses', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    let clock = 0
    const waits: number[] = []
    const { q } = setup(s, {
      now: () => clock,
      // Every pause of 50 ms takes 250 ms on the clock: the reads between them are slow.
      wait: async (ms) => {
        waits.push(ms)
        clock += ms + 200
      },
    })
    expect(await q.waitFor('a', 1000)).toBeNull()
    expect(clock).toBeLessThanOrEqual(1000 + 250)
    expect(waits.length).toBeLessThan(10)
  })

  test('the read pause grows with the time waited, within 50 ms and pollMs', () => {
    expect([0, 100, 200, 400, 2000, 8000].map((w) => nextReadMs(w, 500))).toEqual([50, 50, 50, 100, 500, 500])
  })

  test('waitFor stops reading once its caller went away (the long-poll request aborted)', async () => {
    const s = freshStore()
    insert(s, 'a', 'waiting')
    const leaving = new AbortController()
    let reads = 0
    const { q } = setup(s, {
      wait: async (_ms, signal) => {
        reads++
        if (reads === 2) leaving.abort()
        expect(signal).toBe(leaving.signal)
      },
    })
    expect(await q.waitFor('a', 10_000, leaving.signal)).toBeNull()
    expect(reads).toBe(2)
  })

  test('eta uses the duration means seeded from the last completed jobs', async () => {
    const s = freshStore()
    s.sqlite.query(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, started_at, finished_at) VALUES ('c', 'completed', 'upload', '{}', 'abcd1234', 0, 300, 2300)`).run()
    const { q } = setup(s)
    await q.loadDurations()
    expect(q.durations()).toEqual({ pending: 300, generate: 2000 })
    expect(q.eta({ status: 'waiting', created_at: 10_000, started_at: null })).toBe(12_300)
    expect(q.eta({ status: 'processing', created_at: 10_000, started_at: 11_000 })).toBe(13_000)
    expect(q.eta({ status: 'completed', created_at: 10_000, started_at: 11_000 })).toBeUndefined()
  })
})

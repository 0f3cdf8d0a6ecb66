/**
 * `GET /v2/queue/{id}?wait=`, over real HTTP (Bun.serve in front of the embedded API): it
 * answers as soon as the job finished, or when the wait ran out with the answer a plain read gives;
 * no `wait` is MineSkin's read, unchanged; a client that goes away ends the wait. `POST /v2/queue?wait=`
 * holds a job expected to finish within the wait and answers it finished. The queue is left
 * unstarted until a test starts it, and the wait's deadline is injected: it ends only when the test
 * expires it (or the queue aborts it), so nothing here depends on the wall clock.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../../image/fixtures'
import { ApiError } from '../../errors'
import type { Signer } from '../../signing/signer/types'
import { startTestApi, uploadForm, type TestApi } from '../../testing/api-harness'

const UA = { 'user-agent': 'LongPollTest/1.0' }

interface Deadline {
  ms: number
  signal?: AbortSignal
  expire(): void
}

let open: { t: TestApi; server: ReturnType<typeof Bun.serve> }[] = []
afterEach(async () => {
  for (const { t, server } of open.splice(0)) {
    server.stop(true)
    await t.close()
  }
})

/** A test API behind a real HTTP server, its queue not started, with the injected deadlines. */
async function served(signer?: Signer) {
  const deadlines: Deadline[] = []
  let announce: (d: Deadline) => void = () => {}
  const wait = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const d = { ms, signal, expire: resolve }
      deadlines.push(d)
      announce(d)
      signal?.addEventListener('abort', () => resolve(), { once: true })
    })
  const t = await startTestApi({ noStart: true, deps: { wait, ...(signer ? { signer } : {}) } })
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => t.api.fetch(request) })
  open.push({ t, server })
  const origin = `http://127.0.0.1:${server.port}`
  return {
    t,
    deadlines,
    /** Resolves with the next deadline the queue sets (the long-poll has started waiting). */
    nextDeadline: () => new Promise<Deadline>((resolve) => (announce = resolve)),
    get: (path: string, init: RequestInit = {}) => fetch(origin + path, { ...init, headers: UA }),
    /** `POST /v2/queue` of a fresh upload, with `query`. */
    submit: (seed: number, query = '') => fetch(`${origin}/v2/queue${query}`, { method: 'POST', body: uploadForm(makeSkinPng(seed)), headers: UA }),
    /** Queues an upload; the job stays `waiting` until the test starts the queue. */
    async queued(seed: number): Promise<string> {
      const res = await fetch(`${origin}/v2/queue`, { method: 'POST', body: uploadForm(makeSkinPng(seed)), headers: UA })
      expect(res.status).toBe(202)
      return ((await res.json()) as { job: { id: string } }).job.id
    },
  }
}

/** What a client reads of a job answer (the envelope without per-request fields). */
const readable = async (res: Response) => {
  const body = (await res.json()) as Record<string, unknown>
  return { status: res.status, body }
}

describe('GET /v2/queue/{id}?wait= (long-poll)', () => {
  test('without wait (or wait=0) the answer is the plain read, at once: no waiting at all', async () => {
    const s = await served()
    const id = await s.queued(8101)
    const plain = await readable(await s.get(`/v2/queue/${id}`))
    expect(plain.status).toBe(200)
    expect(plain.body).toMatchObject({ success: true, job: { id, status: 'waiting' }, messages: [{ code: 'job_pending' }] })
    expect(await readable(await s.get(`/v2/queue/${id}?wait=0`))).toEqual(plain)
    expect(await readable(await s.get(`/v2/queue/${id}?t=1`))).toEqual(plain)
    expect(s.deadlines).toEqual([])
  })

  test('answers as soon as the job completed, with the skin, long before the wait could run out', async () => {
    const s = await served()
    const id = await s.queued(8102)
    const deadline = s.nextDeadline()
    const held = s.get(`/v2/queue/${id}?t=1&wait=10000`)
    expect((await deadline).ms).toBe(10_000)
    // Only the job's completion can end this request: the deadline is never expired.
    await s.t.api.start()
    const answer = await readable(await held)
    // The same answer a plain read gives now (compared first: toMatchObject leaves its matchers in the object).
    expect(await readable(await s.get(`/v2/queue/${id}`))).toEqual(answer)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: true, job: { id, status: 'completed', result: expect.any(String) }, skin: { uuid: expect.any(String) }, messages: [{ code: 'job_completed' }] })
    // The deadline's timer was released.
    expect(s.deadlines[0]!.signal?.aborted).toBe(true)
  })

  test('when the wait runs out the job is still pending: the plain read\'s answer; a wait above the cap is the cap', async () => {
    const s = await served()
    const id = await s.queued(8103)
    const deadline = s.nextDeadline()
    const held = s.get(`/v2/queue/${id}?wait=60000`)
    const d = await deadline
    expect(d.ms).toBe(10_000)
    d.expire()
    const answer = await readable(await held)
    expect(answer).toEqual(await readable(await s.get(`/v2/queue/${id}`)))
    expect(answer.body).toMatchObject({ success: true, job: { id, status: 'waiting' }, messages: [{ code: 'job_pending' }] })
    // A fraction is cut, as `size` is on the lists.
    const cut = s.nextDeadline()
    const short = s.get(`/v2/queue/${id}?wait=2.7`)
    const c = await cut
    expect(c.ms).toBe(2)
    c.expire()
    expect((await short).status).toBe(200)
  })

  test('a client that goes away ends the wait: the queue drops its waiter and timer', async () => {
    const s = await served()
    const id = await s.queued(8104)
    const leaving = new AbortController()
    const deadline = s.nextDeadline()
    const held = s.get(`/v2/queue/${id}?wait=10000`, { signal: leaving.signal }).catch((e: unknown) => e)
    const d = await deadline
    leaving.abort()
    expect(await held).toBeInstanceOf(Error)
    // The request's AbortSignal reached the queue: it aborted the deadline it had set (job-queue.test.ts
    // checks the waiter list is empty then).
    await new Promise<void>((resolve) => (d.signal!.aborted ? resolve() : d.signal!.addEventListener('abort', () => resolve())))
    expect(d.signal!.aborted).toBe(true)
    // The job itself is untouched and completes as usual.
    await s.t.api.start()
    await s.t.api.idle()
    expect(await readable(await s.get(`/v2/queue/${id}`))).toMatchObject({ body: { job: { status: 'completed' } } })
  })

  test('a wait that is not a number, or negative, is 400 validation_error; an unknown job stays 404', async () => {
    const s = await served()
    const id = await s.queued(8105)
    for (const bad of ['soon', '-1', 'Infinity']) {
      const answer = await readable(await s.get(`/v2/queue/${id}?wait=${bad}`))
      expect(answer.status, bad).toBe(400)
      expect(answer.body.success, bad).toBe(false)
      expect((answer.body.errors as { code: string }[])[0]?.code, bad).toBe('validation_error')
    }
    expect((await s.get(`/v2/queue/${'0'.repeat(24)}?wait=1000`)).status).toBe(404)
    expect(s.deadlines).toEqual([])
  })
})

describe('POST /v2/queue?wait= (the short wait on the submit)', () => {
  // A fresh instance expects a job to take its default 1 s (no finished job to measure yet) and the
  // injected clock stands still: `eta` is exactly 1000 ms after the submit.
  test('a job expected to finish within the wait comes back finished with its submit: 200, job_completed, the skin', async () => {
    const s = await served()
    const deadline = s.nextDeadline()
    const held = s.submit(8201, '?wait=1000')
    expect((await deadline).ms).toBe(1000)
    await s.t.api.start()
    const answer = await readable(await held)
    const { job, skin } = structuredClone(answer.body) as { job: { id: string; result: string }; skin: { uuid: string } }
    expect(skin.uuid).toBe(job.result)
    expect(answer.body.links).toEqual({ job: `/v2/queue/${job.id}`, image: expect.stringMatching(/^\/v2\/images\//), skin: `/v2/skins/${job.result}` })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      job: { status: 'completed', result: expect.any(String) },
      skin: { uuid: expect.any(String), texture: { data: { value: expect.any(String), signature: expect.any(String) } } },
      rateLimit: { next: expect.any(Object) },
      messages: [{ code: 'job_queued' }, { code: 'job_completed' }],
    })
  })

  test('a job that fails within the wait: 200 with job_failed and its errors, as the job read gives them', async () => {
    const refusing: Signer = { kind: 'local', sign: async () => Promise.reject(new ApiError('skin_change_failed', 'Mojang refused the skin', 500)), publicKeyPem: async () => null }
    const s = await served(refusing)
    const deadline = s.nextDeadline()
    const held = s.submit(8202, '?wait=2000')
    await deadline
    await s.t.api.start()
    const answer = await readable(await held)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: true, job: { status: 'failed' }, messages: [{ code: 'job_queued' }, { code: 'job_failed' }] })
    expect((answer.body.errors as { code: string }[])[0]?.code).toBe('skin_change_failed')
  })

  test('a job not expected to finish within the wait (a slow signer, a long queue) is answered at once: 202, as without wait', async () => {
    const s = await served()
    const short = await readable(await s.submit(8203, '?wait=500'))
    const plain = await readable(await s.submit(8204))
    for (const answer of [short, plain]) {
      expect(answer.status).toBe(202)
      expect(answer.body).toMatchObject({ success: true, job: { status: 'waiting' }, messages: [{ code: 'job_queued' }] })
    }
    expect(s.deadlines).toEqual([])
  })

  test('a bad wait is 400 validation_error and queues nothing', async () => {
    const s = await served()
    const bad = await readable(await s.submit(8205, '?wait=soon'))
    expect(bad.status).toBe(400)
    expect((bad.body.errors as { code: string }[])[0]?.code).toBe('validation_error')
    const ok = await s.submit(8206)
    expect(ok.status).toBe(202)
    // The refused submit was not counted: this is the first of the minute's 20.
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('19')
  })
})

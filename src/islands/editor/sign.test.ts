/**
 * "Sign this skin" through the real API client to the real embedded API: the editor's PNG is queued
 * as an upload with name, visibility, variant and `remixOf`, joins the queue store (the job drawer's
 * list) and is followed until it finishes; the new skin records the skin it was remixed from; a
 * `remixOf` the API refuses comes back as a refusal with the server's words; a 429 for too many
 * pending jobs waits and tries again.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { startTestApi, type TestApi } from '../../api/testing/api-harness'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { createApiClient } from '../../shared/api/client'
import { createTranslator } from '../../shared/i18n/translator'
import { decodeSkinPng, encodeSkinPng } from '../../shared/skin-editor/codec'
import { $generateLimits } from '../../shared/stores/generate-limits'
import { $queue, putQueueEntry, type QueueEntry } from '../../shared/stores/queue'
import { $snackbars } from '../../shared/stores/snackbars'
import en from '../../../locales/en.json'
import { sendForSigning, whenJobFinished, type SignDeps } from './sign'

const i18n = { locale: 'en' as const, t: createTranslator('en', en) }
let api: TestApi
afterEach(() => api?.close())
beforeEach(() => {
  $queue.set({})
  $snackbars.set([])
  $generateLimits.set({})
})

function deps(over: Partial<SignDeps> = {}): SignDeps & { waits: number[] } {
  const waits: number[] = []
  const client = createApiClient({ baseURL: 'http://ssg.test', fetch: (input, init) => api.api.fetch(new Request(input, init)), headers: { cookie: 'ssg_client=0123456789abcdef01234567' } })
  return { api: client, i18n, now: () => 1_000_000, wait: async (ms) => void waits.push(ms), submitWaitMs: 0, waits, ...over }
}

/** The editor's PNG of a painted skin (decoded and encoded again, as the editor does). */
const editorPng = (seed: number) => encodeSkinPng(decodeSkinPng(paintedSkinPng(seed)).texture)

test('the editor PNG is queued with its options and remixOf, joins the job list, and the new skin records its origin', async () => {
  api = await startTestApi()
  // The original: a gallery skin to remix.
  const original = await sendForSigning(editorPng(40), { visibility: 'public', variant: 'classic', name: 'Original' }, 'Original', deps({ submitWaitMs: 10_000 }))
  if (original.kind !== 'queued') throw new Error(JSON.stringify(original))
  const originalUuid = original.entry.skin!
  expect(originalUuid).toMatch(/^[0-9a-f]{32}$/)

  const outcome = await sendForSigning(editorPng(41), { visibility: 'unlisted', variant: 'slim', name: 'Remix', remixOf: originalUuid }, 'Remix', deps())
  if (outcome.kind !== 'queued') throw new Error(JSON.stringify(outcome))
  expect($queue.get()[outcome.entry.job.id]?.source).toEqual({ type: 'upload', content: 'skin.png', name: 'Remix' })

  // The page's job watcher polls the job; here the test plays it: the entry finishes, the island is told.
  const finished: QueueEntry[] = []
  const stop = whenJobFinished(outcome.entry.job.id, (entry) => finished.push(entry))
  await api.api.idle()
  const answer = (await (await api.api.fetch(new Request(`http://ssg.test/v2/queue/${outcome.entry.job.id}`))).json()) as { job: QueueEntry['job']; skin?: { uuid: string } }
  putQueueEntry({ ...outcome.entry, job: answer.job, skin: answer.skin?.uuid })
  stop()
  expect(finished).toHaveLength(1)
  expect(finished[0]!.job.status).toBe('completed')
  const skin = (await (await api.api.fetch(new Request(`http://ssg.test/v2/skins/${finished[0]!.skin}`))).json()) as { skin: Record<string, unknown> }
  expect(skin.skin).toMatchObject({ name: 'Remix', variant: 'slim', visibility: 'unlisted', remixOf: originalUuid })
})

test('a remixOf the API does not know is refused with its words; nothing joins the job list', async () => {
  api = await startTestApi()
  const outcome = await sendForSigning(editorPng(42), { visibility: 'public', variant: 'classic', remixOf: 'e'.repeat(32) }, '', deps())
  expect(outcome).toMatchObject({ kind: 'refused', code: 'invalid_remix_of' })
  expect(Object.keys($queue.get())).toEqual([])
})

test('too many pending jobs (429 job_limit): waits and tries again', async () => {
  api = await startTestApi()
  let refusals = 2
  const inner = deps()
  const flaky = createApiClient({
    baseURL: 'http://ssg.test',
    fetch: async (input, init) => {
      if (refusals-- > 0) return Response.json({ success: false, errors: [{ code: 'job_limit', message: 'Too many pending jobs' }] }, { status: 429 })
      return api.api.fetch(new Request(input, init))
    },
    retries: 0,
  })
  const outcome = await sendForSigning(editorPng(43), { visibility: 'public', variant: 'classic' }, '', { ...inner, api: flaky })
  expect(outcome.kind).toBe('queued')
  expect(inner.waits).toEqual([1000, 2000])
})

/**
 * Child process of the crash test (job-queue.test.ts): starts an API on the given DATA_DIR whose
 * signer never finishes, submits one upload, reports the job id once the worker holds it, and then
 * idles until the parent kills it with SIGKILL — a server dying mid-job.
 * @module
 */
import { makeSkinPng } from '../../image/fixtures'
import { startTestApi, uploadForm } from '../../testing/api-harness'

const dir = process.argv[2]
if (!dir) throw new Error('usage: crash-child.fixture.ts <dataDir>')
const never = new Promise<never>(() => {})
const t = await startTestApi({
  dir,
  keepDir: true,
  deps: { signer: { kind: 'local', sign: () => never, publicKeyPem: async () => null } },
})
const sub = await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(9001), { name: 'Survivor' }) })
const row = await t.json(`/v2/queue/${sub.body.job.id}`)
console.log(JSON.stringify({ jobId: sub.body.job.id, status: row.body.job.status }))
setInterval(() => {}, 1000)

/**
 * Load and crash against the real Bun process, bounded for the README test command (the
 * 500-job run is `bun run bench load-crash`):
 * - 40 submissions from 4 API-key clients (uploads and URLs to a local image host, some the same
 *   texture on purpose) while readers page the lists: every job finishes once, one skin per
 *   texture, nothing lost or duplicated through the API and in SQLite, integrity_check ok;
 * - `kill -9` while jobs are provably processing (the stand-in upstream signer holds them) and
 *   others wait: a restart on the same DATA_DIR finishes all of them, none lost or duplicated.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  checkRun,
  createClients,
  jobStatesInDb,
  planSubmissions,
  startReaders,
  startServerOn,
  startSkinHost,
  startUpstreamSigner,
  submitAll,
  UNLIMITED_KEYS,
  waitAllFinished,
  type OwnedServer,
} from '../support/load-crash'

const skinHost = startSkinHost()
const cleanups: (() => unknown)[] = [() => skinHost.stop()]
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/** A fresh DATA_DIR removed after the file. */
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-load-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A server whose process is ended after the file whatever happens. */
async function serverOn(dir: string, env: Record<string, string>): Promise<OwnedServer> {
  const server = await startServerOn(dir, { ...UNLIMITED_KEYS, FETCH_ALLOW_PRIVATE_HOSTS: skinHost.host, ...env })
  cleanups.push(() => server.child.exitCode === null && server.kill9())
  return server
}

describe('load and crash on the real server', () => {
  test('40 concurrent submissions with list reads: none lost or duplicated', async () => {
    const dir = dataDir()
    const server = await serverOn(dir, {})
    const keys = await createClients(dir, 4)
    const plan = planSubmissions(40, 4, { firstSeed: 5_000, dupEvery: 5 })
    const readers = startReaders(server.origin, 3)
    const accepted = await submitAll(server.origin, plan, keys, skinHost.origin)
    const finished = await waitAllFinished(server.origin, accepted.map((a) => a.jobId), 20_000)
    const reads = await readers.stop()
    expect(accepted).toHaveLength(40)
    expect(plan.filter((s) => s.kind === 'url').length).toBeGreaterThan(10)
    expect(reads.failed).toBe(0)
    expect(reads.ok).toBeGreaterThan(0)
    const report = await checkRun(server.origin, dir, accepted, finished)
    expect(report.problems).toEqual([])
    expect(report).toMatchObject({ jobs: 40, textures: 33 })
    await server.stop()
  }, 30_000)

  test('kill -9 while jobs are processing: a restart finishes every job once', async () => {
    const dir = dataDir()
    const upstream = startUpstreamSigner()
    cleanups.push(() => upstream.stop())
    const env = { SIGNER: 'upstream', UPSTREAM_ORIGIN: upstream.origin, QUEUE_CONCURRENCY: '2' }
    upstream.setHold(true)
    const first = await serverOn(dir, env)
    const keys = await createClients(dir, 3)
    const accepted = await submitAll(first.origin, planSubmissions(24, 3, { firstSeed: 6_000, dupEvery: 6 }), keys, skinHost.origin)
    // Let two jobs finish, then hold the next two inside the signer: the crash hits finished,
    // processing and waiting jobs at once.
    await upstream.heldAtLeast(2)
    upstream.release()
    upstream.setHold(true)
    await upstream.heldAtLeast(2)
    await first.kill9()
    const atCrash = jobStatesInDb(dir)
    expect(atCrash.processing).toBeGreaterThanOrEqual(2)
    expect(atCrash.waiting).toBeGreaterThan(0)
    expect(Object.values(atCrash).reduce((a, b) => a + b, 0)).toBe(24)

    upstream.release()
    const second = await serverOn(dir, env)
    const finished = await waitAllFinished(second.origin, accepted.map((a) => a.jobId), 20_000)
    const report = await checkRun(second.origin, dir, accepted, finished)
    expect(report.problems).toEqual([])
    expect(report).toMatchObject({ jobs: 24, textures: 21 })
    await second.stop()
    // Each step is bounded on its own (the held requests 20 s, a start 60 s, the jobs 20 s), so a stall
    // fails with what it waited for before this bound.
  }, 150_000)
})

/**
 * `bun run backup` against the real Bun process (docs/operations.md "Backups"): a snapshot taken while the
 * server runs and writes is consistent, and a second server started on a fresh DATA_DIR restored
 * from it (`bun run backup -- restore`) serves the same skins: the list, a skin page, the texture
 * and the uploaded original byte for byte. The restore refuses while a server holds the database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backupCli as cli } from '../support/backup-cli'
import { startBunServer, type RunningServer } from '../support/bun-server'
import { paintedSkinPng } from '../support/skin-files'

const LIMITS = { LIMIT_ANONYMOUS_PER_MINUTE: '10000', LIMIT_ANONYMOUS_PER_HOUR: '100000', LIMIT_ANONYMOUS_PENDING: '100' }

interface Skin {
  uuid: string
  name: string | null
  texture: { hash: { skin: string } }
}

let first: RunningServer
let second: RunningServer | undefined
const work = mkdtempSync(join(tmpdir(), 'ssg-backup-e2e-'))
const snapshot = join(work, 'snapshot.sqlite')
const restoredDir = join(work, 'restored')

/** Uploads one painted skin and waits for it (`/v2/generate`). */
async function upload(origin: string, seed: number): Promise<Skin> {
  const form = new FormData()
  form.set('file', new File([paintedSkinPng(seed)], `backup-${seed}.png`, { type: 'image/png' }))
  form.set('name', `Backup ${seed}`)
  const res = await fetch(`${origin}/api/v2/generate`, { method: 'POST', body: form })
  const body = (await res.json()) as { skin?: Skin; errors?: unknown }
  if (!body.skin) throw new Error(`generate → ${res.status} ${JSON.stringify(body.errors)}`)
  return body.skin
}

/** A job's state through the API. */
const queued = async (origin: string, id: string) => ((await (await fetch(`${origin}/api/v2/queue/${id}`)).json()) as { job: { status: string; result?: string } }).job

const bytes = async (url: string) => {
  const res = await fetch(url)
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

const before: { skins: Skin[]; textures: Map<string, Uint8Array<ArrayBuffer>>; images: Map<string, Uint8Array<ArrayBuffer>> } = { skins: [], textures: new Map(), images: new Map() }

beforeAll(async () => {
  first = await startBunServer(LIMITS)
  for (let seed = 700; seed < 705; seed++) before.skins.push(await upload(first.origin, seed))
  for (const s of before.skins) {
    before.textures.set(s.uuid, await bytes(`${first.origin}/textures/${s.texture.hash.skin}`))
    before.images.set(s.uuid, await bytes(`${first.origin}/api/v2/images/${s.texture.hash.skin}`))
  }
}, 90_000)

afterAll(async () => {
  await first?.stop()
  await second?.stop()
  rmSync(work, { recursive: true, force: true })
})

describe('bun run backup', () => {
  test('snapshots while the server runs and writes, and refuses to overwrite', async () => {
    // Writers keep uploading while the snapshot is taken.
    let writing = true
    const written: Skin[] = []
    const writer = (async () => {
      for (let seed = 800; writing; seed++) written.push(await upload(first.origin, seed))
    })()
    const run = await cli(first.dataDir, '--out', snapshot)
    writing = false
    await writer
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(snapshot)
    expect(run.stdout).toMatch(/\d+ bytes .* integrity ok/)
    expect(written.length).toBeGreaterThan(0)

    const db = new Database(snapshot, { readonly: true })
    const uuids = new Set(db.query<{ uuid: string }, []>('SELECT uuid FROM skins').all().map((r) => r.uuid))
    // Every skin in the snapshot has its texture blob: skins and blobs are one consistent state.
    const orphans = db.query<{ n: number }, []>("SELECT count(*) AS n FROM skins s WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.key = 'textures/' || s.texture_hash)").get()!.n
    db.close()
    expect(orphans).toBe(0)
    for (const s of before.skins) expect(uuids.has(s.uuid)).toBe(true)

    const again = await cli(first.dataDir, '--out', snapshot)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exists')
  }, 60_000)

  test('restore refuses while a server holds the database', async () => {
    const run = await cli(first.dataDir, 'restore', snapshot)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('stop the server')
    expect((await fetch(`${first.origin}/api/v2/skins/${before.skins[0]!.uuid}`)).status).toBe(200)
  })

  test('a server on a DATA_DIR restored from the snapshot serves the same skins', async () => {
    const listed = (origin: string) =>
      fetch(`${origin}/api/v2/skins?size=128`).then(async (r) => ((await r.json()) as { skins: { uuid: string }[] }).skins.map((s) => s.uuid))
    await first.stop()
    const restore = await cli(restoredDir, 'restore', snapshot)
    expect(restore.code).toBe(0)
    expect(existsSync(join(restoredDir, 'skins.db'))).toBe(true)

    second = await startBunServer({ ...LIMITS, DATA_DIR: restoredDir })
    const db = new Database(snapshot, { readonly: true })
    const inSnapshot = db.query<{ uuid: string }, []>("SELECT uuid FROM skins WHERE visibility = 'public' ORDER BY id DESC").all().map((r) => r.uuid)
    const pending = db.query<{ id: string }, []>("SELECT id FROM jobs WHERE status IN ('waiting', 'processing')").all().map((r) => r.id)
    db.close()
    // A job the writers had queued when the snapshot was taken is in it with its input, and the
    // restored server finishes it: its skin joins the restored ones.
    const fromPending = new Set<string>()
    for (const id of pending) {
      for (let job = await queued(second.origin, id); ; job = await queued(second.origin, id)) {
        if (job.status === 'completed') {
          fromPending.add(job.result!)
          break
        }
        expect(job.status).not.toBe('failed')
        await Bun.sleep(50)
      }
    }
    const now = await listed(second.origin)
    expect(now.filter((u) => !fromPending.has(u))).toEqual(inSnapshot)
    expect(now.length).toBe(new Set([...inSnapshot, ...fromPending]).size)

    for (const s of before.skins) {
      const page = await fetch(`${second.origin}/skins/${s.uuid}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(s.name!)
      const api = (await (await fetch(`${second.origin}/api/v2/skins/${s.uuid}`)).json()) as { skin: Skin }
      expect(api.skin.texture.hash.skin).toBe(s.texture.hash.skin)
      expect(await bytes(`${second.origin}/textures/${s.texture.hash.skin}`)).toEqual(before.textures.get(s.uuid)!)
      expect(await bytes(`${second.origin}/api/v2/images/${s.texture.hash.skin}`)).toEqual(before.images.get(s.uuid)!)
    }
    // The restored server keeps working: a new upload lands next to the restored skins.
    const added = await upload(second.origin, 900)
    expect((await listed(second.origin))[0]).toBe(added.uuid)
  }, 90_000)
})

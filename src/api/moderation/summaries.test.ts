/**
 * The summaries the console reads (migration 0012's triggers): after any mix of reports filed,
 * dismissed, actioned, reopened and deleted (with their skin), `report_queue` equals the grouping of
 * the open reports; and `job_buckets` counts each job once, when it finishes, whether inserted
 * finished or updated to finished, and keeps a week.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type BunStore } from '../store/db'

let dir: string
let store: BunStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-summaries-'))
  store = openStore(dir)
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A deterministic pseudo-random source (mulberry32). */
function random(seed: number) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const truth = () =>
  store.sqlite
    .query(
      `SELECT skin_id, count(*) AS n, sum(reason = 'skin') AS r_skin, sum(reason = 'name') AS r_name, sum(reason = 'tags') AS r_tags,
              min(created_at) AS first_at, max(created_at) AS last_at
       FROM skin_reports WHERE status = 'open' GROUP BY skin_id ORDER BY skin_id`,
    )
    .all()
const summary = () => store.sqlite.query('SELECT skin_id, n, r_skin, r_name, r_tags, first_at, last_at FROM report_queue ORDER BY skin_id').all()

describe('report_queue', () => {
  test('equals the grouping of open reports after 2 000 random changes', () => {
    const rnd = random(22)
    const skins = 12
    const reasons = ['skin', 'name', 'tags']
    for (let step = 0; step < 2000; step++) {
      const r = rnd()
      const skin = 1 + Math.floor(rnd() * skins)
      if (r < 0.5) {
        store.sqlite.run('INSERT OR IGNORE INTO skin_reports (skin_id, reporter, reason, created_at) VALUES (?, ?, ?, ?)', [skin, `ip:${Math.floor(rnd() * 40)}`, reasons[Math.floor(rnd() * 3)]!, Math.floor(rnd() * 1e6)])
      } else if (r < 0.7) {
        // One report closes (as a dismiss or an action of a moderator does to all of a skin's).
        store.sqlite.run(`UPDATE skin_reports SET status = ?, resolved_at = 1 WHERE id = (SELECT id FROM skin_reports WHERE skin_id = ? AND status = 'open' ORDER BY created_at LIMIT 1)`, [rnd() < 0.5 ? 'dismissed' : 'actioned', skin])
      } else if (r < 0.8) {
        store.sqlite.run(`UPDATE skin_reports SET status = 'dismissed', resolved_at = 1 WHERE skin_id = ? AND status = 'open'`, [skin])
      } else if (r < 0.93) {
        // An undo reopens what an action closed.
        store.sqlite.run(`UPDATE skin_reports SET status = 'open', resolved_at = NULL WHERE skin_id = ? AND status <> 'open'`, [skin])
      } else {
        store.sqlite.run('DELETE FROM skin_reports WHERE id = (SELECT id FROM skin_reports WHERE skin_id = ? ORDER BY created_at DESC LIMIT 1)', [skin])
      }
      if (step % 250 === 0) expect(summary()).toEqual(truth())
    }
    expect(summary()).toEqual(truth())
    expect((truth() as unknown[]).length).toBeGreaterThan(0)
  })
})

describe('job_buckets', () => {
  const Q = 900_000
  const T = 1_795_000_000_000 - (1_795_000_000_000 % Q)
  const job = (id: string, status: string, finishedAt: number | null) =>
    store.sqlite.run(`INSERT INTO jobs (id, status, kind, options, breadcrumb, created_at, finished_at) VALUES (?, ?, 'upload', '{}', 'b', ?, ?)`, [id, status, T, finishedAt])
  const buckets = () => store.sqlite.query('SELECT start, completed, failed FROM job_buckets ORDER BY start').all()

  test('a job counts once, in the 15 minutes it finished, inserted finished or updated to finished; a week is kept', () => {
    job('a', 'completed', T + 10)
    job('b', 'waiting', null)
    job('c', 'processing', null)
    store.sqlite.run(`UPDATE jobs SET status = 'failed', finished_at = ? WHERE id = 'b'`, [T + Q + 5])
    store.sqlite.run(`UPDATE jobs SET status = 'processing' WHERE id = 'c'`)
    store.sqlite.run(`UPDATE jobs SET status = 'completed', finished_at = ? WHERE id = 'c'`, [T + 20])
    // A finished job's later changes (result, errors) do not count it again.
    store.sqlite.run(`UPDATE jobs SET status = 'completed', result = 'x' WHERE id = 'c'`)
    expect(buckets()).toEqual([
      { start: T, completed: 2, failed: 0 },
      { start: T + Q, completed: 0, failed: 1 },
    ])
    job('d', 'completed', T + 8 * 86_400_000)
    expect(buckets()).toEqual([{ start: T + 8 * 86_400_000, completed: 1, failed: 0 }])
  })
})

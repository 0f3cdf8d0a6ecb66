/**
 * The README's and docs/getting-started.md's own commands, typed as a reader types them (every
 * command in the docs is run by a test or by CI): `bun run seed -- --count N` adds
 * skins to DATA_DIR, `bun run pool -- list` reads its signing accounts, `bun run start` builds and
 * serves them in production mode, `bun run dev` serves in development mode with the client watcher,
 * and Ctrl-C (SIGINT to the foreground process group) stops each of them with nothing left listening;
 * `bun run bench render` runs one bench through the bench runner (the whole bench takes ~12 minutes:
 * developers run it, see docs/performance.md). `bun run test` is CI itself; the rest are listed in
 * test/docs/commands.test.ts with the test that runs each.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Subprocess } from 'bun'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../support/bun-server'
import { eventually } from '../support/eventually'

const ROOT = join(import.meta.dir, '../..')
let dataDir: string

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ssg-readme-'))
})
/** Process groups started here: a test that fails before its Ctrl-C must not leave a server running. */
const groups: number[] = []
afterAll(() => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true })
})

/** A `bun run <script> …` started as a terminal would: its own process group, output collected. */
function bunRun(args: string[], env: Record<string, string>) {
  // A reader's shell has no NODE_ENV (bun test sets it to "test").
  const { NODE_ENV: _, ...shell } = process.env
  const child = Bun.spawn(['bun', 'run', ...args], {
    cwd: ROOT,
    env: { ...shell, HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SKINS: '0', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true,
  })
  groups.push(child.pid)
  let output = ''
  for (const stream of [child.stdout, child.stderr]) {
    void (async () => {
      const decoder = new TextDecoder()
      for await (const chunk of stream) output += decoder.decode(chunk, { stream: true })
    })()
  }
  return { child, output: () => output }
}

/** Whether anything accepts a connection on the port. */
async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/robots.txt`, { signal: AbortSignal.timeout(1000) })
    return true
  } catch {
    return false
  }
}

/** Ctrl-C in the terminal: SIGINT to the whole foreground group; resolves with the command's exit code. */
async function interrupt(child: Subprocess): Promise<number> {
  try {
    process.kill(-child.pid, 'SIGINT')
  } catch {}
  const code = await Promise.race([child.exited, Bun.sleep(15_000).then(() => 'still running' as const)])
  if (code === 'still running') {
    process.kill(-child.pid, 'SIGKILL')
    throw new Error('did not stop on Ctrl-C within 15 s')
  }
  return code
}

/** The home page and the client entry it names, as a browser would fetch them first. */
async function homeAndClient(origin: string) {
  const home = await fetch(`${origin}/`)
  const html = await home.text()
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/client/manifest.json'), 'utf8')) as { client: string }
  const client = await fetch(origin + manifest.client)
  return { home, html, manifest, client }
}

describe('the commands of the README, as typed', () => {
  test('bun run seed -- --count 3 adds three skins to DATA_DIR through the real pipeline', () => {
    const seed = Bun.spawnSync(['bun', 'run', 'seed', '--', '--count', '3', '--seed', '7'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } })
    const out = seed.stdout.toString() + seed.stderr.toString()
    expect(seed.exitCode, out).toBe(0)
    expect(out).toContain('Seeding 3 skins into')
  }, 60_000)

  test('bun run pool -- list reads the signing accounts of that DATA_DIR (none yet)', () => {
    const pool = Bun.spawnSync(['bun', 'run', 'pool', '--', 'list'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } })
    const out = pool.stdout.toString() + pool.stderr.toString()
    expect(pool.exitCode, out).toBe(0)
    expect(out).toContain('no signing accounts yet')
  }, 30_000)

  test('bun run start builds, serves those skins in production mode, and stops on Ctrl-C', async () => {
    const port = freePort()
    const start = bunRun(['start'], { PORT: String(port) })
    await eventually(() => start.output().includes(`listening on http://127.0.0.1:${port}`), () => `no "listening" line:\n${start.output()}`, 60_000, 100)
    expect(start.output()).not.toContain('(development)')
    const origin = `http://127.0.0.1:${port}`
    const { home, html, client } = await homeAndClient(origin)
    expect(home.status).toBe(200)
    expect(html).toContain('<form')
    expect(client.status).toBe(200)
    // Production caches hashed assets for good (a dev server re-reads them on every build).
    expect(client.headers.get('cache-control')).toContain('immutable')
    const list = (await (await fetch(`${origin}/api/v2/skins?size=10`)).json()) as { skins: unknown[] }
    expect(list.skins).toHaveLength(3)
    expect(await interrupt(start.child)).toBe(0)
    expect(await listening(port)).toBe(false)
  }, 90_000)

  test('bun run dev serves in development mode with the client watcher, and Ctrl-C stops server and watcher', async () => {
    const port = freePort()
    const dev = bunRun(['dev'], { PORT: String(port) })
    await eventually(() => dev.output().includes(`listening on http://127.0.0.1:${port} (development)`), () => `no "listening … (development)" line:\n${dev.output()}`, 60_000, 100)
    const { home, html, client } = await homeAndClient(`http://127.0.0.1:${port}`)
    expect(home.status).toBe(200)
    expect(html).toContain('<form')
    expect(client.status).toBe(200)
    const watcher = () => Bun.spawnSync(['pgrep', '-g', String(dev.child.pid), '-f', 'src/islands/build.ts --watch']).stdout.toString().trim()
    expect(watcher()).not.toBe('')
    expect(await interrupt(dev.child)).toBe(0)
    await eventually(async () => !(await listening(port)) && watcher() === '', 'the server or the client watcher still ran after Ctrl-C', 10_000, 100)
  }, 90_000)

  test('bun run bench render: builds, runs the bench and writes its table (the budgets are the bench\'s business, not this test\'s)', () => {
    const out = mkdtempSync(join(tmpdir(), 'ssg-bench-out-'))
    try {
      const bench = Bun.spawnSync(['bun', 'run', 'bench', 'render'], { cwd: ROOT, env: { ...process.env, BENCH_OUT: out } })
      const printed = bench.stdout.toString() + bench.stderr.toString()
      // Exit 1 is a missed budget on a busy machine (DESIGN.md §4: speed is judged by the bench, not by tests).
      expect([0, 1], printed).toContain(bench.exitCode)
      expect(printed).toContain('render bench ran to completion')
      const table = readFileSync(join(out, 'bench.md'), 'utf8')
      expect(table).toMatch(/\| render bench ran to completion \| pass/)
      expect(JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')).figures.length).toBeGreaterThan(1)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  }, 120_000)
})

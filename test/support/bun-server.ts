/**
 * Starts the real Bun entry (`src/server/bun.ts`) as a child process on a free loopback port with a
 * fresh DATA_DIR, as a user would run it; stops it and removes its data afterwards.
 * @module
 */
import type { Subprocess } from 'bun'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateSigningKey } from '../../src/api/signing/signer/rsa'
import { SIGNING_KEY_FILE } from '../../src/api/signing/signer/local-signer'

const ROOT = join(import.meta.dir, '../..')

/**
 * Ports a test server listens on: below Linux's ephemeral range (32768–60999), where the OS picks the
 * local ports of outgoing connections and of `port: 0` listeners. A port the OS handed out there was
 * free when asked, but the suite's parallel processes, their browsers and wrangler open connections all
 * the time, and one of them could take it before the server bound it (a server of the full suite once
 * found its port in use). Here only another test's pick can collide, one chance in thousands, and the
 * bind below rules out a port already taken.
 */
const PORTS = { from: 20_000, to: 32_000 }

/** A free port on 127.0.0.1 for a test server, picked at random from {@link PORTS}. */
export function freePort(): number {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from))
    try {
      Bun.serve({ hostname: '127.0.0.1', port, fetch: () => new Response() }).stop(true)
      return port
    } catch {
      // Taken: try another.
    }
  }
  throw new Error(`no free port between ${PORTS.from} and ${PORTS.to}`)
}

/** Polls `url` until it answers (any status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process serving ${url} exited`)
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) })
      return
    } catch {
      await Bun.sleep(200)
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** A running Bun server. */
export interface RunningServer {
  origin: string
  dataDir: string
  stop(): Promise<void>
}

/**
 * Spawns `src/server/bun.ts` in production mode on `dataDir` (unless `env` names another) and a free port; resolves once it answers.
 * `stderr: 'pipe'` keeps what it prints for the test to read (start-up warnings) instead of passing it on.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  stderr: 'inherit' | 'pipe' = 'inherit',
): Promise<{ origin: string; child: Subprocess<'ignore', 'ignore', 'inherit' | 'pipe'> }> {
  // A server that exits before it answers is started again on another port, twice at most: its port
  // may have been taken between the pick and the bind (the server then says so and exits).
  for (let attempt = 1; ; attempt++) {
    const port = freePort()
    const child = Bun.spawn(['bun', 'src/server/bun.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_SKINS: '0', ...env },
      stdout: 'ignore',
      stderr,
    })
    const origin = `http://127.0.0.1:${port}`
    try {
      await waitForHttp(`${origin}/robots.txt`, 60_000, () => child.exitCode === null)
      return { origin, child }
    } catch (e) {
      if (child.exitCode === null || attempt >= 3) throw e
    }
  }
}

/**
 * One RSA-4096 signing key for the test servers of this machine, made by the first process that asks
 * (written then renamed, so a reader never sees half a key). Making one costs 0.3–1 s of CPU and some
 * thirty servers start per run; a server's first start still makes its own key where a test asks for
 * that (data-dir-modes, backup, the README commands use their own DATA_DIR).
 */
async function sharedSigningKey(): Promise<string> {
  const path = join(tmpdir(), 'ssg-test-signing-key.pem')
  if (existsSync(path)) return readFileSync(path, 'utf8')
  const { privateKeyPem } = await generateSigningKey()
  const staged = `${path}.${process.pid}`
  writeFileSync(staged, privateKeyPem, { mode: 0o600 })
  renameSync(staged, path)
  return privateKeyPem
}

/** Starts the app on a fresh temp DATA_DIR (with the shared test signing key); `env` adds or overrides variables (e.g. DEMO_SKINS). */
export async function startBunServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssg-e2e-'))
  writeFileSync(join(dataDir, SIGNING_KEY_FILE), await sharedSigningKey(), { mode: 0o600 })
  const { origin, child } = await spawnServer(dataDir, env)
  return {
    origin,
    dataDir,
    async stop() {
      child.kill()
      await child.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

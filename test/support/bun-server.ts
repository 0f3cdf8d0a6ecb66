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

/** Asks the OS for a free port on 127.0.0.1. */
export function freePort(): number {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = server.port
  server.stop(true)
  if (!port) throw new Error('no free port')
  return port
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
  const port = freePort()
  const child = Bun.spawn(['bun', 'src/server/bun.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_SKINS: '0', ...env },
    stdout: 'ignore',
    stderr,
  })
  const origin = `http://127.0.0.1:${port}`
  await waitForHttp(`${origin}/robots.txt`, 60_000, () => child.exitCode === null)
  return { origin, child }
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

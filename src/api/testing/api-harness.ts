/**
 * Test harness for the embedded API: a fresh DATA_DIR in the OS temp folder, a real SQLite file,
 * a real local signer (one 2048-bit key per test process, to keep key generation out of every
 * test), an injectable clock, and helpers to call routes and solve anti-bot challenges.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { apiConfigFromEnv, type ApiConfig, type Grants } from '../config'
import { createApiKey } from '../users/identity'
import { createEmbeddedApi, type EmbeddedApi } from '../index'
import { openStore } from '../store/db'
import { createLocalSigner } from '../signing/signer/local-signer'
import type { Signer } from '../signing/signer/types'
import type { EmbeddedApiDeps } from '../wiring'

/** Public URL the test instances pretend to live at. */
export const TEST_PUBLIC_URL = 'http://ssg.test'

let sharedSigner: Promise<Signer> | null = null
let sharedKeyDir: string | null = null

/** One local signer (2048-bit key) shared by the tests of this process. */
export function testSigner(): Promise<Signer> {
  if (!sharedSigner) {
    sharedKeyDir = mkdtempSync(join(tmpdir(), 'ssg-key-'))
    sharedSigner = createLocalSigner({ dataDir: sharedKeyDir, textureBaseUrl: `${TEST_PUBLIC_URL}/textures`, keyBits: 2048 })
  }
  return sharedSigner
}

/** A running test API. */
export interface TestApi {
  api: EmbeddedApi
  config: ApiConfig
  dir: string
  /** Mutable clock (ms). */
  clock: { now: number }
  /** Calls a route; `path` is relative to the API root. */
  call(path: string, init?: RequestInit): Promise<Response>
  /** Calls a route and parses JSON. */
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }>
  /** A fresh solved anti-bot proof for the `Turnstile-Token` header. */
  proof(): Promise<string>
  close(): Promise<void>
}

/** Options of {@link startTestApi}. */
export interface TestApiOptions {
  env?: Record<string, string>
  deps?: EmbeddedApiDeps
  /** Reuse this data dir (restart tests). */
  dir?: string
  /** Do not call `start()`. */
  noStart?: boolean
  /** Keep the data dir on close. */
  keepDir?: boolean
}

/**
 * API settings every test API shares, on Bun and under wrangler dev (test/worker/api-worker-stack.ts):
 * cheap anti-bot proofs and Mojang hosts that refuse at once (port 9), so nothing reaches the internet.
 */
export const OFFLINE_TEST_ENV: Record<string, string> = {
  ALTCHA_MIN_COUNTER: '1',
  ALTCHA_MAX_COUNTER: '40',
  MOJANG_API_BASE: 'http://127.0.0.1:9/api',
  MOJANG_SESSION_BASE: 'http://127.0.0.1:9/session',
  MOJANG_SERVICES_BASE: 'http://127.0.0.1:9/services',
  MOJANG_TEXTURES_BASE: 'http://127.0.0.1:9/textures',
  FETCH_TIMEOUT_MS: '3000',
}

/** Starts an API on a temp data dir. */
export async function startTestApi(opts: TestApiOptions = {}): Promise<TestApi> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'ssg-api-'))
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) }
  const config = apiConfigFromEnv({
    DATA_DIR: dir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DEMO_SKINS: '0',
    ...OFFLINE_TEST_ENV,
    ...opts.env,
  })
  const api = await createEmbeddedApi(config, {
    now: () => clock.now,
    signer: await testSigner(),
    queuePollMs: 0,
    onUnexpectedError: (e) => {
      throw e
    },
    ...opts.deps,
  })
  if (!opts.noStart) await api.start()
  const call = (path: string, init?: RequestInit) => api.fetch(new Request(`http://api.local${path}`, init))
  return {
    api,
    config,
    dir,
    clock,
    call,
    async json(path, init) {
      const res = await call(path, init)
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null, res }
    },
    async proof() {
      const challenge = (await (await call('/v2/challenge')).json()) as Challenge
      const solution = await solveChallenge({ challenge, deriveKey })
      if (!solution) throw new Error('could not solve the challenge')
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    },
    async close() {
      await api.stop()
      if (!opts.keepDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A multipart body with `file` (and option fields). */
export function uploadForm(png: Uint8Array, fields: Record<string, string> = {}, fileName = 'skin.png'): FormData {
  const form = new FormData()
  form.set('file', new File([png as Uint8Array<ArrayBuffer>], fileName, { type: 'image/png' }))
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}

/** JSON request init. */
export function jsonInit(body: unknown, init: RequestInit = {}): RequestInit {
  return { method: 'POST', ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) }, body: JSON.stringify(body) }
}

/** A new API key of no user with `grants` in the test API's database; returns its `Authorization` header. */
export async function apiKeyWith(t: Pick<TestApi, 'dir' | 'clock'>, grants: Partial<Grants>): Promise<{ authorization: string }> {
  const store = openStore(t.dir)
  try {
    const { key } = await createApiKey(store.db, { name: 'test', grants, now: t.clock.now })
    return { authorization: `Bearer ${key}` }
  } finally {
    store.close()
  }
}

/**
 * Stores `bytes` of older blobs (zeros under one texture key) in the data dir's database, before the
 * storage meter of an API on it counts: what earlier skins take of `STORAGE_BUDGET_MB`.
 */
export function storeOlderBlobs(dir: string, bytes: number): void {
  const store = openStore(dir)
  try {
    store.sqlite.query("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES ('textures/older', 'image/png', zeroblob(?), 0)").run(bytes)
  } finally {
    store.close()
  }
}

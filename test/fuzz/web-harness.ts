/**
 * The web app under fuzz: built over the real embedded API (temp SQLite,
 * no demo skins, Mojang hosts answered by the local stand-in so nothing leaves the machine and an
 * unknown player is the 4xx it is, not an unreachable upstream) with two real skins, plus a log spy
 * that counts what one request writes to the console.
 * @module
 */
import { join } from 'node:path'
import { uploadForm } from '../../src/api/testing/api-harness'
import { startTestApi, type TestApi } from '../support/embedded-api'
import { startMojangStandIn } from '../support/mojang-stand-in'
import { paintedSkinPng } from '../support/skin-files'
import { createTestApp } from '../support/web-app'
import { staticFiles } from '../../src/server/static/static-files'

/** The built client, as src/server/bun.ts serves it. */
const DIST = join(import.meta.dir, '../../dist/client')

/** Settings of the API in these tests (the Mojang hosts are added per stand-in). */
const FUZZ_ENV = {
  DEMO_SKINS: '0',
  ANTIBOT: 'off',
  FETCH_TIMEOUT_MS: '1000',
  LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  LIMIT_ANONYMOUS_PER_HOUR: '1000000',
  LIMIT_ANONYMOUS_PENDING: '1000',
}

/** A web app over a real API holding `skins`. */
export interface FuzzWeb {
  app: ReturnType<typeof createTestApp>
  backend: TestApi
  skins: { uuid: string; shortId: string }[]
  /** The owner's `ssg_client` cookie. */
  owner: string
  close(): Promise<void>
}

/** Creates a skin through the API queue as `cookie`; returns its ids. */
export async function makeSkin(backend: TestApi, seed: number, fields: Record<string, string>, cookie: string): Promise<{ uuid: string; shortId: string }> {
  const call = (path: string, init?: RequestInit) => backend.api.fetch(new Request(`http://api.local${path}`, init))
  const sub = (await (await call('/v2/queue', { method: 'POST', body: uploadForm(paintedSkinPng(seed), fields), headers: { cookie } })).json()) as { job: { id: string } }
  await backend.api.idle()
  const job = (await (await call(`/v2/queue/${sub.job.id}`, { headers: { cookie } })).json()) as { skin: { uuid: string; shortId: string } }
  return { uuid: job.skin.uuid, shortId: job.skin.shortId }
}

/** Starts the API and the web app with two skins. */
export async function startFuzzWeb(): Promise<FuzzWeb> {
  const mojang = await startMojangStandIn({ accounts: 0, keyBits: 1024 })
  const backend = await startTestApi(0, {
    ...FUZZ_ENV,
    MOJANG_API_BASE: mojang.apiBase,
    MOJANG_SESSION_BASE: mojang.sessionBase,
    MOJANG_SERVICES_BASE: mojang.servicesBase,
    MOJANG_TEXTURES_BASE: mojang.texturesBase,
  })
  // The static file handler of src/server/bun.ts too: its file lookup threw on NUL bytes and long names.
  const app = createTestApp({ api: { fetch: backend.api.fetch, inProcess: true }, staticFiles: [staticFiles({ root: DIST }).handler] })
  const cookieRes = await backend.api.fetch(new Request('http://api.local/v2/queue'))
  const owner = cookieRes.headers.get('set-cookie')!.split(';')[0]!
  const skins = [await makeSkin(backend, 21, { name: 'Web fuzz one' }, owner), await makeSkin(backend, 22, { name: 'Web fuzz two', visibility: 'unlisted' }, owner)]
  return {
    app,
    backend,
    skins,
    owner,
    async close() {
      await backend.dispose()
      await mojang.stop()
    },
  }
}

/** Lines written to console.error/warn/log while `run` runs. */
export async function captureLogs<T>(run: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = []
  const original = { error: console.error, warn: console.warn, log: console.log }
  const spy =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push(`${level}: ${args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')}`)
  console.error = spy('error')
  console.warn = spy('warn')
  console.log = spy('log')
  try {
    return { result: await run(), lines }
  } finally {
    Object.assign(console, original)
  }
}

/**
 * Builds the web app for in-process tests: the real client manifest from `dist/client` (run the build
 * first — `bun run test` does), default flags and links, and the backends a test passes in.
 * @module
 */
import { afterAll, beforeAll } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../src/server/app'
import type { AppOptions, Backend } from '../../src/server/app-options'
import { clientManifestSchema } from '../../src/shared/client-manifest'
import { DEFAULT_FLAGS } from '../../src/shared/flags'
import { DEFAULT_SITE_LINKS } from '../../src/shared/site-links'
import { startTestApi, type TestApi } from './embedded-api'

const MANIFEST = join(import.meta.dir, '../../dist/client/manifest.json')

/** A backend that answers every request with 503, for tests that must not reach an API. */
export const unavailableBackend: Backend = {
  fetch: async () =>
    Response.json({ success: false, errors: [{ code: 'service_unavailable', message: 'No backend in this test' }] }, { status: 503 }),
}

/** Loads the built client manifest. */
export const loadTestManifest = () => clientManifestSchema.parse(JSON.parse(readFileSync(MANIFEST, 'utf8')))

/** The web app with test defaults; override any option. */
export function createTestApp(overrides: Partial<AppOptions> = {}) {
  const manifest = loadTestManifest()
  return createApp({
    dev: false,
    publicUrl: 'http://skins.test',
    siteLinks: DEFAULT_SITE_LINKS,
    manifest: async () => manifest,
    flags: async () => DEFAULT_FLAGS,
    api: unavailableBackend,
    render: unavailableBackend,
    accountUrl: '/account',
    now: () => new Date('2026-03-10T12:00:00Z'),
    ...overrides,
  })
}

/**
 * Registers beforeAll/afterAll that start the real embedded API with `demoSkins` skins and build the
 * web app on it; read `.app` inside tests.
 */
export function useTestApp(demoSkins = 0) {
  const state = {} as { app: ReturnType<typeof createTestApp>; backend: TestApi }
  beforeAll(async () => {
    state.backend = await startTestApi(demoSkins)
    state.app = createTestApp({ api: { fetch: state.backend.api.fetch, inProcess: true } })
  }, 60_000)
  afterAll(() => state.backend?.dispose())
  return state
}

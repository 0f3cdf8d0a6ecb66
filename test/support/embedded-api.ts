/**
 * The real embedded API on a fresh temporary DATA_DIR, for web tests that need data: demo skins are
 * generated through the real pipeline on start. Stop it to close the database and remove the folder.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiConfigFromEnv, createEmbeddedApi, type EmbeddedApi } from '../../src/api'

/** A started embedded API and how to dispose of it. */
export interface TestApi {
  api: EmbeddedApi
  dataDir: string
  dispose(): Promise<void>
}

/** Starts the embedded API with `demoSkins` generated skins. */
export async function startTestApi(demoSkins = 6, env: Record<string, string> = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssg-web-'))
  const api = await createEmbeddedApi(apiConfigFromEnv({ DATA_DIR: dataDir, DEMO_SKINS: String(demoSkins), PUBLIC_URL: 'http://skins.test', ...env }))
  await api.start()
  await api.idle()
  return {
    api,
    dataDir,
    async dispose() {
      await api.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * "Wear it" (docs/wear.md) against the local Microsoft/Mojang stand-in on the real clock: one user
 * links their own account through the device code, then wears BENCH_WEAR_COUNT (40) gallery skins in
 * turn through the embedded API's wardrobe — each one a skin-change upload to the stand-in, the cape
 * check and the history row. Mojang's per-account spacing is set to 0 so the run measures our side,
 * not the 16 s wait. Reported: the time of one wear (p50, p95) and that every wear left the profile
 * showing the skin it was asked for.
 * Run: `bun test/bench/wear.bench.ts` (or `bun run bench wear`).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmbeddedApi } from '../../src/api'
import { apiConfigFromEnv } from '../../src/api/config'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { uploadForm } from '../../src/api/testing/api-harness'
import { startMicrosoftStandIn } from '../support/microsoft-stand-in'
import { record } from './report'

const COUNT = Number(process.env.BENCH_WEAR_COUNT ?? 40)
const USER = 'be'.repeat(16)

const ms = await startMicrosoftStandIn({ accounts: 0 })
const dir = mkdtempSync(join(tmpdir(), 'ssg-wear-bench-'))
// The gallery is generated anonymously: no per-caller pace for it.
const api = await createEmbeddedApi(
  apiConfigFromEnv({ DATA_DIR: dir, DEMO_SKINS: '0', ...ms.env, POOL_MIN_DELAY_S: '0', POOL_DELAY_MARGIN_MS: '0', LIMIT_ANONYMOUS_DELAY: '0', LIMIT_ANONYMOUS_PER_MINUTE: '1000', LIMIT_ANONYMOUS_PER_HOUR: '10000' }),
)
await api.start()

try {
  // The gallery: COUNT distinct public skins, signed by the local signer.
  const skins: { uuid: string; hash: string }[] = []
  for (let i = 0; i < COUNT; i++) {
    const res = await api.fetch(new Request('http://bench.test/v2/generate', { method: 'POST', body: uploadForm(makeSkinPng(7000 + i)) }))
    const body = (await res.json()) as { skin?: { uuid: string; texture: { hash: { skin: string } } }; errors?: unknown }
    if (!body.skin) throw new Error(`generate answered ${res.status}: ${JSON.stringify(body.errors)}`)
    skins.push({ uuid: body.skin.uuid, hash: body.skin.texture.hash.skin })
  }

  // Link through the device code, as a person at Microsoft's page would.
  const player = await ms.addMicrosoftUser({ name: 'BenchWearer' })
  const started = await api.wardrobe.startLink(USER)
  ms.approve(started.userCode, player.email)
  await Bun.sleep(started.intervalS * 1000)
  const linked = await api.wardrobe.checkLink(USER, started.id)
  if (linked?.status !== 'done') throw new Error(`the link did not finish: ${JSON.stringify(linked)}`)

  const times: number[] = []
  let shown = 0
  for (const skin of skins) {
    const t0 = performance.now()
    await api.wardrobe.wear(USER, skin.uuid)
    times.push(performance.now() - t0)
    if (ms.profileOf(player.profileId!)?.skin?.hash === skin.hash) shown++
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  record('wear', [
    { figure: `wear: one skin put on a linked account (upload to the stand-in, history row), p50 of ${COUNT}`, value: at(0.5), unit: 'ms', budget: { max: 250 }, note: `p95 ${Math.round(at(0.95))} ms` },
    { figure: `wear: profiles that show the skin asked for, of ${COUNT}`, value: shown, unit: 'count', budget: { min: COUNT } },
  ])
} finally {
  await api.stop()
  await ms.stop()
  rmSync(dir, { recursive: true, force: true })
}

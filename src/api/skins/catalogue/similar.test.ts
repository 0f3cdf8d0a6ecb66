/**
 * Similar skins reuse a ranking for SIMILAR_REUSE_MS (ranking 256 candidates was a fifth of
 * the skin page's render) but re-read the winners each time: a winner hidden or removed since leaves
 * the list at once and a rename shows at once; a new skin joins once the ranking is redone.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openStore, type BunStore } from '../../store/db'
import { startTestApi, type TestApi } from '../../testing/api-harness'
import { SIMILAR_REUSE_MS } from './similar'

let t: TestApi
let store: BunStore
beforeAll(async () => {
  t = await startTestApi({ env: { DEMO_SKINS: '48' } })
  store = openStore(t.dir)
})
afterAll(async () => {
  store.close()
  await t.close()
})

const similar = async (uuid: string) => ((await t.json(`/v2/skins/${uuid}/similar`)).body.skins as { uuid: string; name?: string }[]).map((s) => s)

test('a reused ranking still drops a hidden winner and shows a rename at once; the ranking is redone after the reuse window', async () => {
  const list = (await t.json('/v2/skins?size=48')).body.skins as { uuid: string }[]
  let uuid = ''
  let first: { uuid: string; name?: string }[] = []
  for (const s of list) {
    first = await similar(s.uuid)
    if (first.length >= 3) {
      uuid = s.uuid
      break
    }
  }
  expect(first.length).toBeGreaterThanOrEqual(3)
  const [a, b] = first
  store.sqlite.run("UPDATE skins SET visibility = 'private' WHERE uuid = ?", [a!.uuid])
  store.sqlite.run("UPDATE skins SET name = 'Renamed meanwhile' WHERE uuid = ?", [b!.uuid])
  const second = await similar(uuid)
  expect(second.map((s) => s.uuid)).not.toContain(a!.uuid)
  expect(second.find((s) => s.uuid === b!.uuid)?.name).toBe('Renamed meanwhile')
  expect(second.length).toBe(first.length - 1)
  // After the window the ranking is redone and fills the gap from further down, if there is one.
  t.clock.now += SIMILAR_REUSE_MS
  const third = await similar(uuid)
  expect(third.map((s) => s.uuid)).not.toContain(a!.uuid)
  expect(third.length).toBeGreaterThanOrEqual(second.length)
})

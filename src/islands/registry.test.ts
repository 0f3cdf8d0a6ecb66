import { expect, test } from 'bun:test'
import { lazyIslands } from './lazy-islands'
import { islands } from './registry'

test('the browser registry lists exactly the islands the server can render', () => {
  expect(Object.keys(lazyIslands).sort()).toEqual(Object.keys(islands).sort())
})

test('each lazy chunk exports the same component the server renders', async () => {
  for (const [name, load] of Object.entries(lazyIslands)) {
    const module = await load()
    expect(module.default, name).toBe(islands[name as keyof typeof islands] as never)
  }
})

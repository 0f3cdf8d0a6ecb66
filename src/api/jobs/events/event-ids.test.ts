/**
 * Sealed job event ids (./event-ids.ts): they open to the row id they were made from, on any process
 * with the same secret, and to nothing when altered or made with another secret.
 */
import { describe, expect, test } from 'bun:test'
import { createEventIds, SEALED_EVENT_ID } from './event-ids'

describe('sealed event ids', () => {
  const ids = createEventIds('the session secret')

  test('a sealed id opens to its row id, on another codec of the same secret too', async () => {
    const other = createEventIds('the session secret')
    for (const id of [0, 1, 2, 1041, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
      const token = await ids.seal(id)
      expect(token).toMatch(SEALED_EVENT_ID)
      expect(await other.open(token)).toBe(id)
    }
  })

  test('neighbouring ids look unrelated', async () => {
    const [a, b] = [await ids.seal(1041), await ids.seal(1042)]
    let same = 0
    for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++
    expect(same).toBeLessThan(6)
  })

  test('an altered id, another secret\'s id and other text open to nothing', async () => {
    const token = await ids.seal(1041)
    const flipped = (token[3] === 'A' ? 'B' : 'A')
    expect(await ids.open(token.slice(0, 3) + flipped + token.slice(4))).toBeNull()
    expect(await createEventIds('another secret').open(token)).toBeNull()
    for (const text of ['', '1041', token + 'A', token.slice(1), '!'.repeat(22)]) expect(await ids.open(text)).toBeNull()
  })
})

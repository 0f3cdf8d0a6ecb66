import { describe, expect, test } from 'bun:test'
import { perOriginBuilds } from './per-origin-builds'

describe('perOriginBuilds', () => {
  test('one build per env and origin; a new env starts over', async () => {
    const made: string[] = []
    const get = perOriginBuilds(async (_env: object, origin: string) => (made.push(origin), `app for ${origin}`))
    const env = {}
    expect(await get(env, 'https://a.example')).toBe('app for https://a.example')
    await get(env, 'https://a.example')
    await get(env, 'https://b.example')
    expect(made).toEqual(['https://a.example', 'https://b.example'])
    await get({}, 'https://a.example')
    expect(made).toEqual(['https://a.example', 'https://b.example', 'https://a.example'])
  })

  test('a failed build is tried again by the next call', async () => {
    let calls = 0
    const get = perOriginBuilds(async () => {
      if (++calls === 1) throw new Error('secret missing')
      return 'ok'
    })
    const env = {}
    await expect(get(env, 'https://a.example')).rejects.toThrow('secret missing')
    expect(await get(env, 'https://a.example')).toBe('ok')
  })

  test('at most `max` origins are kept, the oldest dropped first', async () => {
    const made: string[] = []
    const get = perOriginBuilds(async (_env: object, origin: string) => made.push(origin), 2)
    const env = {}
    for (const o of ['a', 'b', 'c', 'b', 'a']) await get(env, o)
    expect(made).toEqual(['a', 'b', 'c', 'a'])
  })
})

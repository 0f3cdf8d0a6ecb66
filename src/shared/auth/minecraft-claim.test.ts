import { describe, expect, test } from 'bun:test'
import { minecraftOf } from './minecraft-claim'

describe('the web token\'s minecraft claim (docs/wear.md)', () => {
  test('decodes the linked Minecraft account ("Wear it"), with or without its skin', () => {
    const id = '0f'.repeat(16)
    const skin = 'a1'.repeat(32)
    expect(minecraftOf({ id, name: 'Steve_01', skin })).toEqual({ id, name: 'Steve_01', skin })
    expect(minecraftOf({ id, name: 'x' })).toEqual({ id, name: 'x' })
    expect(minecraftOf(undefined)).toBeUndefined()
  })

  test('a malformed claim shows nothing: a bad id or name drops it, a bad skin drops the skin', () => {
    const id = '0f'.repeat(16)
    const of = minecraftOf
    for (const bad of [
      'Steve',
      [id, 'Steve'],
      { name: 'Steve' },
      { id: '0f'.repeat(15), name: 'Steve' },
      { id: `${'0f'.repeat(15)}zz`, name: 'Steve' },
      { id: '0f0f0f0f-0f0f-0f0f-0f0f-0f0f0f0f0f0f', name: 'Steve' },
      { id: [id], name: 'Steve' },
      { id, name: '' },
      { id, name: 'a'.repeat(17) },
      { id, name: 'Steve Jobs' },
      { id, name: '<img src=x>' },
      { id, name: ['Steve'] },
    ]) {
      expect(of(bad), JSON.stringify(bad)).toBeUndefined()
    }
    for (const skin of ['a1'.repeat(31), `${'a1'.repeat(31)}zz`, '../../x', 42, null]) expect(of({ id, name: 'Steve', skin })).toEqual({ id, name: 'Steve' })
  })

})

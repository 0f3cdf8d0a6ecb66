import { describe, expect, test } from 'bun:test'
import { History } from './history'
import { Stroke } from './stroke'
import { cloneTexture, getTexel, packColor } from './texture'
import { line, type ToolOptions } from './tools'
import { fixtureTexture } from './testing/fixtures'

const RED = packColor(200, 10, 10)
const opts: ToolOptions = { model: 'classic', layer: 'base', mirror: true, color: RED, size: 3, random: () => 0.5 }

describe('Stroke', () => {
  test('keeps the first "before" and counts only texels that really changed', () => {
    const t = fixtureTexture('randomImage2.png')
    const original = getTexel(t, 9, 9)
    const s = new Stroke()
    s.set(t, 9, 9, RED)
    s.set(t, 9, 9, packColor(1, 2, 3))
    expect(s.size).toBe(1)
    s.set(t, 9, 9, original)
    expect(s.size).toBe(0)
    s.set(t, 10, 9, getTexel(t, 10, 9))
    expect(s.size).toBe(0)
    expect(s.has(10, 9)).toBe(true)
    expect(s.has(11, 9)).toBe(false)
  })
})

describe('History', () => {
  test('undo and redo of a multi-texel stroke restore the exact bytes', () => {
    const t = fixtureTexture('randomImage2.png')
    const before = cloneTexture(t)
    const history = new History()
    const s = new Stroke()
    line(t, s, [20, 21], [27, 30], opts, 'paint')
    history.push(s)
    const after = cloneTexture(t)
    expect(s.size).toBeGreaterThan(40)
    expect(history.undo(t)).toBe(true)
    expect(t.rgba).toEqual(before.rgba)
    expect(history.canUndo).toBe(false)
    expect(history.redo(t)).toBe(true)
    expect(t.rgba).toEqual(after.rgba)
    expect(history.canRedo).toBe(false)
  })

  test('one stroke is one step; a new stroke clears redo; empty strokes are ignored', () => {
    const t = fixtureTexture('randomImage3.png')
    const start = cloneTexture(t)
    const history = new History()
    const a = new Stroke()
    a.set(t, 8, 8, RED)
    a.set(t, 9, 8, RED)
    history.push(a)
    const afterA = cloneTexture(t)
    history.push(new Stroke())
    const b = new Stroke()
    b.set(t, 10, 8, RED)
    history.push(b)
    expect(history.undo(t)).toBe(true)
    expect(t.rgba).toEqual(afterA.rgba)
    const c = new Stroke()
    c.set(t, 11, 8, RED)
    history.push(c)
    expect(history.canRedo).toBe(false)
    expect(history.redo(t)).toBe(false)
    history.undo(t)
    history.undo(t)
    expect(t.rgba).toEqual(start.rgba)
    expect(history.undo(t)).toBe(false)
  })

  test('keeps 200 steps by default (at least 100) and forgets older ones', () => {
    const t = fixtureTexture('randomImage4.png')
    const start = cloneTexture(t)
    const history = new History()
    const strokes = 250
    for (let i = 0; i < strokes; i++) {
      const s = new Stroke()
      s.set(t, 8 + (i % 8), 8 + Math.floor(i / 8) % 8, packColor(i % 256, 0, 0))
      history.push(s)
    }
    let undone = 0
    while (history.undo(t)) undone++
    expect(undone).toBe(200)
    // the 50 forgotten strokes stay painted: the texture is not back at the start
    expect(t.rgba).not.toEqual(start.rgba)
    const small = new History(100)
    const t2 = fixtureTexture('randomImage4.png')
    for (let i = 0; i < 100; i++) {
      const s = new Stroke()
      s.set(t2, 8 + (i % 8), 8 + Math.floor(i / 8) % 8, packColor(255, i, 0))
      small.push(s)
    }
    let n = 0
    while (small.undo(t2)) n++
    expect(n).toBe(100)
    expect(t2.rgba).toEqual(start.rgba)
  })
})

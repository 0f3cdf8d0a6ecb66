/**
 * The input → stroke → history flow of the editor (contract part C): a press, drag and release from
 * either view is one stroke and one undo step, whatever the number of texels; the line tool's line
 * follows the pointer and only the last one stays; a second finger takes the stroke back; a drag
 * from the 3D view joins texels with a line only within one face; a classic ↔ slim switch converts
 * the arm pixels as one step whose undo switches back. On a real painted skin and the blank template.
 */
import { describe, expect, test } from 'bun:test'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { decodeSkinPng } from '../../shared/skin-editor/codec'
import { blankTemplate, convertModel } from '../../shared/skin-editor/convert'
import { mirrorTexel } from '../../shared/skin-editor/mirror'
import { cloneTexture, getTexel, hexToColor, type SkinTexture } from '../../shared/skin-editor/texture'
import { UNDO_STEPS } from './edit-history'
import { EditSession, type GestureSettings } from './edit-session'

const RED = hexToColor('#ff0000')!
const pencil: GestureSettings = { tool: 'pencil', layer: 'base', mirror: false, color: RED, size: 1, fillMode: 'connected' }
const same = (a: SkinTexture, b: SkinTexture) => Buffer.from(a.rgba).equals(Buffer.from(b.rgba))
const painted = () => decodeSkinPng(paintedSkinPng(7)).texture

describe('a stroke is one undo step', () => {
  test('a drag across the head paints a connected trail; one undo takes all of it back, one redo brings it again', () => {
    const start = painted()
    const session = new EditSession(cloneTexture(start), 'classic')
    expect(session.begin([8, 10], pencil).changed).toBe(true)
    // A fast drag jumps from x 8 to x 13: the texels between are painted too.
    session.move([13, 10])
    session.move([13, 12])
    expect(session.end()).toBe(true)
    for (const x of [8, 9, 10, 11, 12, 13]) expect(getTexel(session.texture, x, 10)).toBe(RED)
    expect(getTexel(session.texture, 13, 11)).toBe(RED)
    expect(session.history.undoDepth).toBe(1)

    const after = cloneTexture(session.texture)
    expect(session.undo()).toEqual({})
    expect(same(session.texture, start)).toBe(true)
    expect(session.history.canRedo).toBe(true)
    session.redo()
    expect(same(session.texture, after)).toBe(true)
  })

  test('a stroke that changes nothing adds no step; a new stroke clears redo', () => {
    const session = new EditSession(blankTemplate('classic'), 'classic')
    session.begin([0, 0], pencil) // an unused texel
    expect(session.end()).toBe(false)
    session.begin([8, 8], pencil)
    session.end()
    session.undo()
    session.begin([9, 9], pencil)
    session.end()
    expect(session.history.canRedo).toBe(false)
  })

  test(`at least 100 steps can be undone (${UNDO_STEPS} kept)`, () => {
    const start = blankTemplate('classic')
    const session = new EditSession(cloneTexture(start), 'classic')
    for (let i = 0; i < UNDO_STEPS + 20; i++) {
      session.begin([8 + (i % 8), 8 + (Math.floor(i / 8) % 8)], { ...pencil, color: (0x10000000 * (i % 15) + 0x00aa00ff) >>> 0 })
      session.end()
    }
    let undone = 0
    while (session.undo()) undone++
    expect(undone).toBe(UNDO_STEPS)
    expect(undone).toBeGreaterThanOrEqual(100)
  })

  test('mirror paints the other side in the same step', () => {
    const session = new EditSession(blankTemplate('classic'), 'classic')
    session.begin([44, 20], { ...pencil, mirror: true }) // right arm, front
    session.end()
    const [mx, my] = mirrorTexel(44, 20, 'classic')!
    expect(getTexel(session.texture, mx, my)).toBe(RED)
    session.undo()
    expect(getTexel(session.texture, mx, my)).not.toBe(RED)
  })
})

describe('the line tool', () => {
  test('the line follows the pointer; only the last line stays, as one step', () => {
    const start = blankTemplate('classic')
    const session = new EditSession(cloneTexture(start), 'classic')
    session.begin([8, 8], { ...pencil, tool: 'line' })
    session.move([15, 8])
    expect(getTexel(session.texture, 15, 8)).toBe(RED)
    // Moving on to the diagonal takes the first line back.
    session.move([15, 15])
    expect(getTexel(session.texture, 15, 8)).not.toBe(RED)
    expect(session.end()).toBe(true)
    for (let i = 8; i <= 15; i++) expect(getTexel(session.texture, i, i)).toBe(RED)
    session.undo()
    expect(same(session.texture, start)).toBe(true)
  })
})

describe('gestures', () => {
  test('a second finger cancels the stroke: its texels go back and no step is recorded', () => {
    const start = blankTemplate('slim')
    const session = new EditSession(cloneTexture(start), 'slim')
    session.begin([10, 10], pencil)
    session.move([12, 10])
    expect(session.cancel()).toBe(true)
    expect(same(session.texture, start)).toBe(true)
    expect(session.end()).toBe(false)
    expect(session.history.canUndo).toBe(false)
  })

  test('from the 3D view, texels on different faces are not joined across the texture', () => {
    const session = new EditSession(blankTemplate('classic'), 'classic')
    // Head front (8..15, 8..15), then the head's right side (0..7, 8..15): neighbours on the model.
    session.begin([8, 12], pencil)
    session.move([2, 12], { sameFaceOnly: true })
    session.end()
    expect(getTexel(session.texture, 8, 12)).toBe(RED)
    expect(getTexel(session.texture, 2, 12)).toBe(RED)
    for (const x of [3, 4, 5, 6, 7]) expect(getTexel(session.texture, x, 12)).not.toBe(RED)
    // Within one face they are joined.
    session.begin([9, 9], pencil)
    session.move([14, 9], { sameFaceOnly: true })
    session.end()
    for (let x = 9; x <= 14; x++) expect(getTexel(session.texture, x, 9)).toBe(RED)
  })

  test('the eyedropper picks the colour under the pointer, also while dragging, and changes nothing', () => {
    const texture = painted()
    const session = new EditSession(cloneTexture(texture), 'classic')
    const dropper = { ...pencil, tool: 'eyedropper' as const }
    expect(session.begin([9, 9], dropper).picked).toBe(getTexel(texture, 9, 9))
    expect(session.move([20, 20], { eyedropper: dropper }).picked).toBe(getTexel(texture, 20, 20))
    expect(session.end()).toBe(false)
    expect(same(session.texture, texture)).toBe(true)
  })

  test('a fill is one step', () => {
    const start = blankTemplate('classic')
    const session = new EditSession(cloneTexture(start), 'classic')
    session.begin([20, 25], { ...pencil, tool: 'fill', fillMode: 'face' }) // body front
    session.end()
    for (let x = 20; x < 28; x++) expect(getTexel(session.texture, x, 25)).toBe(RED)
    session.undo()
    expect(same(session.texture, start)).toBe(true)
  })
})

describe('model switch', () => {
  test('classic → slim converts the arm pixels as one step; undo restores pixels and model, redo converts again', () => {
    const start = painted()
    const session = new EditSession(cloneTexture(start), 'classic')
    expect(session.setModel('slim')).toBe(true)
    expect(session.model).toBe('slim')
    expect(same(session.texture, convertModel(start, 'classic', 'slim'))).toBe(true)
    expect(session.undo()).toEqual({ model: 'classic' })
    expect(session.model).toBe('classic')
    expect(same(session.texture, start)).toBe(true)
    expect(session.redo()).toEqual({ model: 'slim' })
    expect(session.model).toBe('slim')
    expect(session.setModel('slim')).toBe(false)
  })
})

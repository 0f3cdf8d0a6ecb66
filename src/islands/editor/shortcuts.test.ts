/**
 * The editor's keyboard map: every tool and action has its key, letters work on QWERTZ and Cyrillic
 * layouts, undo/redo follow the usual Ctrl combinations, keys typed into a text field are the field's,
 * and the help dialog lists every key the map knows.
 */
import { describe, expect, test } from 'bun:test'
import { actionFor, isTyping, SHORTCUTS, type KeyInput } from './shortcuts'
import { TOOLS } from './tools'
import { TOOL_KEYS } from './tool-bar'

const key = (k: string, code: string, mods: Partial<KeyInput> = {}): KeyInput => ({ key: k, code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods })
const letter = (l: string, mods: Partial<KeyInput> = {}) => key(l, `Key${l.toUpperCase()}`, mods)

describe('the map', () => {
  test('each tool has its letter', () => {
    expect(actionFor(letter('b'))).toEqual({ type: 'tool', tool: 'pencil' })
    expect(actionFor(letter('e'))).toEqual({ type: 'tool', tool: 'eraser' })
    expect(actionFor(letter('g'))).toEqual({ type: 'tool', tool: 'fill' })
    expect(actionFor(letter('i'))).toEqual({ type: 'tool', tool: 'eyedropper' })
    expect(actionFor(letter('u'))).toEqual({ type: 'tool', tool: 'lighten' })
    expect(actionFor(letter('j'))).toEqual({ type: 'tool', tool: 'darken' })
    expect(actionFor(letter('n'))).toEqual({ type: 'tool', tool: 'noise' })
    expect(actionFor(letter('l'))).toEqual({ type: 'tool', tool: 'line' })
    // The tool bar's titles name the same letters.
    for (const tool of TOOLS) expect(actionFor(letter(TOOL_KEYS[tool].toLowerCase()))).toEqual({ type: 'tool', tool })
  })

  test('actions: mirror, layer, size, fill mode, zoom, view, pose, help', () => {
    expect(actionFor(letter('m'))).toEqual({ type: 'mirror' })
    expect(actionFor(letter('x'))).toEqual({ type: 'swapLayer' })
    expect(actionFor(key('[', 'BracketLeft'))).toEqual({ type: 'size', by: -1 })
    expect(actionFor(key(']', 'BracketRight'))).toEqual({ type: 'size', by: 1 })
    expect(actionFor(letter('G', { shiftKey: true }))).toEqual({ type: 'fillMode' })
    expect(actionFor(key('+', 'Equal', { shiftKey: true }))).toEqual({ type: 'zoom', by: 1 })
    expect(actionFor(key('-', 'Minus'))).toEqual({ type: 'zoom', by: -1 })
    expect(actionFor(key('0', 'Digit0'))).toEqual({ type: 'fit' })
    expect(actionFor(letter('v'))).toEqual({ type: 'swapView' })
    expect(actionFor(letter('p'))).toEqual({ type: 'pose' })
    expect(actionFor(key('?', 'Slash', { shiftKey: true }))).toEqual({ type: 'help' })
    expect(actionFor(letter('q'))).toBeNull()
  })

  test('undo and redo: Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, and Cmd on a Mac', () => {
    expect(actionFor(letter('z', { ctrlKey: true }))).toEqual({ type: 'undo' })
    expect(actionFor(letter('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'redo' })
    expect(actionFor(letter('y', { ctrlKey: true }))).toEqual({ type: 'redo' })
    expect(actionFor(letter('z', { metaKey: true }))).toEqual({ type: 'undo' })
    expect(actionFor(letter('s', { ctrlKey: true }))).toEqual({ type: 'download' })
    // Other Ctrl combinations stay the browser's (copy, paste, reload…).
    expect(actionFor(letter('c', { ctrlKey: true }))).toBeNull()
    expect(actionFor(letter('v', { ctrlKey: true }))).toBeNull()
    expect(actionFor(letter('b', { altKey: true }))).toBeNull()
  })

  test('German QWERTZ: the Z key (physical Y) undoes; Cyrillic layouts reach the tools by the physical key', () => {
    expect(actionFor(key('z', 'KeyY', { ctrlKey: true }))).toEqual({ type: 'undo' })
    expect(actionFor(key('y', 'KeyZ', { ctrlKey: true }))).toEqual({ type: 'redo' })
    expect(actionFor(key('и', 'KeyB'))).toEqual({ type: 'tool', tool: 'pencil' })
    expect(actionFor(key('я', 'KeyZ', { ctrlKey: true }))).toEqual({ type: 'undo' })
  })

  test('the help dialog lists a key for every action the map has', () => {
    const labels = new Set(SHORTCUTS.map((line) => line.label))
    for (const tool of TOOLS) expect(labels.has(tool)).toBe(true)
    for (const label of ['fillMode', 'size', 'mirror', 'swapLayer', 'undo', 'redo', 'zoom', 'fit', 'swapView', 'pose', 'download', 'help'] as const) expect(labels.has(label)).toBe(true)
  })
})

describe('typing', () => {
  test('text fields, text areas, selects and editable elements take their keys; sliders and buttons do not', () => {
    const element = (tagName: string, type?: string, isContentEditable = false) => ({ tagName, type, isContentEditable }) as unknown as EventTarget
    expect(isTyping(element('INPUT', 'text'))).toBe(true)
    expect(isTyping(element('INPUT', 'url'))).toBe(true)
    expect(isTyping(element('INPUT'))).toBe(true)
    expect(isTyping(element('TEXTAREA'))).toBe(true)
    expect(isTyping(element('SELECT'))).toBe(true)
    expect(isTyping(element('DIV', undefined, true))).toBe(true)
    expect(isTyping(element('INPUT', 'range'))).toBe(false)
    expect(isTyping(element('INPUT', 'checkbox'))).toBe(false)
    expect(isTyping(element('BUTTON'))).toBe(false)
    expect(isTyping(element('CANVAS'))).toBe(false)
    expect(isTyping(null)).toBe(false)
  })
})

/**
 * The editor's keyboard map: one key per tool and action (the help dialog lists this same table).
 * Letters match the character the layout types when it is a Latin letter (so Ctrl+Z is Z on a German
 * QWERTZ keyboard too) and the physical key otherwise (a Cyrillic layout still reaches every tool).
 * Keys pressed while typing in a field belong to the field.
 * @module
 */
import type { Tool } from './tools'

/** Something the keyboard can do. */
export type EditorAction =
  | { type: 'tool'; tool: Tool }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'mirror' }
  | { type: 'swapLayer' }
  | { type: 'size'; by: 1 | -1 }
  | { type: 'fillMode' }
  | { type: 'zoom'; by: 1 | -1 }
  | { type: 'fit' }
  | { type: 'swapView' }
  | { type: 'pose' }
  | { type: 'download' }
  | { type: 'help' }

/** The parts of a KeyboardEvent the map reads. */
export interface KeyInput {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Tool letters (the letter, lower case). */
const TOOL_KEYS: Record<string, Tool> = { b: 'pencil', e: 'eraser', g: 'fill', i: 'eyedropper', u: 'lighten', j: 'darken', n: 'noise', l: 'line' }

/** The Latin letter of a key press: the typed character when it is one, else the physical key's. */
function letterOf(input: KeyInput): string | undefined {
  if (/^[a-z]$/i.test(input.key)) return input.key.toLowerCase()
  const physical = /^Key([A-Z])$/.exec(input.code)
  return physical?.[1]?.toLowerCase()
}

/** The action of a key press, or null when the editor leaves it alone. */
export function actionFor(input: KeyInput): EditorAction | null {
  if (input.altKey) return null
  const letter = letterOf(input)
  if (input.ctrlKey || input.metaKey) {
    if (letter === 'z') return input.shiftKey ? { type: 'redo' } : { type: 'undo' }
    if (letter === 'y' && !input.shiftKey) return { type: 'redo' }
    if (letter === 's' && !input.shiftKey) return { type: 'download' }
    return null
  }
  if (input.key === '?' || (input.code === 'Slash' && input.shiftKey)) return { type: 'help' }
  if (input.key === '[' || input.code === 'BracketLeft') return { type: 'size', by: -1 }
  if (input.key === ']' || input.code === 'BracketRight') return { type: 'size', by: 1 }
  if (input.key === '+' || input.key === '=' || input.code === 'NumpadAdd') return { type: 'zoom', by: 1 }
  if (input.key === '-' || input.code === 'NumpadSubtract') return { type: 'zoom', by: -1 }
  if (input.key === '0' || input.code === 'Digit0' || input.code === 'Numpad0') return { type: 'fit' }
  if (!letter) return null
  if (input.shiftKey) return letter === 'g' ? { type: 'fillMode' } : null
  const tool = TOOL_KEYS[letter]
  if (tool) return { type: 'tool', tool }
  if (letter === 'm') return { type: 'mirror' }
  if (letter === 'x') return { type: 'swapLayer' }
  if (letter === 'v') return { type: 'swapView' }
  if (letter === 'p') return { type: 'pose' }
  return null
}

/** Input types that take typed text: their keys are the field's. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'])

/** True when a key press on `target` is typing (a text field, a select, an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false
  const element = target as HTMLElement
  const tag = element.tagName.toLowerCase()
  if (tag === 'textarea' || tag === 'select') return true
  if (tag === 'input') return !NON_TEXT_INPUTS.has(((element as HTMLInputElement).type || 'text').toLowerCase())
  return element.isContentEditable === true
}

/** One line of the help dialog: the keys (as shown) and the message key of what they do. */
export interface ShortcutLine {
  keys: readonly string[]
  label: ShortcutLabel
}

/** Message keys (under `editor.keys.`) of the help dialog's lines. */
export type ShortcutLabel =
  | 'pencil' | 'eraser' | 'line' | 'fill' | 'fillMode' | 'eyedropper' | 'lighten' | 'darken' | 'noise'
  | 'size' | 'mirror' | 'swapLayer' | 'undo' | 'redo' | 'zoom' | 'fit' | 'swapView' | 'pose' | 'turn' | 'download' | 'help' | 'paintKeys'

/** The help dialog's table, in the order it is shown. */
export const SHORTCUTS: readonly ShortcutLine[] = [
  { keys: ['B'], label: 'pencil' },
  { keys: ['E'], label: 'eraser' },
  { keys: ['L'], label: 'line' },
  { keys: ['G'], label: 'fill' },
  { keys: ['Shift+G'], label: 'fillMode' },
  { keys: ['I'], label: 'eyedropper' },
  { keys: ['U'], label: 'lighten' },
  { keys: ['J'], label: 'darken' },
  { keys: ['N'], label: 'noise' },
  { keys: ['[', ']'], label: 'size' },
  { keys: ['M'], label: 'mirror' },
  { keys: ['X'], label: 'swapLayer' },
  { keys: ['Ctrl+Z'], label: 'undo' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], label: 'redo' },
  { keys: ['+', '−'], label: 'zoom' },
  { keys: ['0'], label: 'fit' },
  { keys: ['V'], label: 'swapView' },
  { keys: ['P'], label: 'pose' },
  { keys: ['←', '→'], label: 'turn' },
  { keys: ['↑ ↓ ← →', 'Space'], label: 'paintKeys' },
  { keys: ['Ctrl+S'], label: 'download' },
  { keys: ['?'], label: 'help' },
]

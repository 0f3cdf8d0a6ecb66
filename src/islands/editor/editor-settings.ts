/**
 * The editor's settings, kept in localStorage so they outlive a reload (the contract's "mirror that
 * stays on until turned off", recent colours): tool, brush size, fill mode, mirror, colour, the recent
 * colours and whether the 2D view labels the body parts. Layer and model belong to the draft instead.
 * @module
 */
import { persistentJson } from '../../shared/stores/persistent-json'
import { arrayOf, isBoolean, oneOf, shape } from '../../shared/stores/stored-shape'
import { TOOLS, type BrushSize, type Tool } from './tools'

/** How the bucket fills (core `FillMode`). */
export type FillMode = 'connected' | 'face' | 'colour'

/** What is stored. */
export interface EditorSettings {
  tool: Tool
  size: BrushSize
  fillMode: FillMode
  /** Left↔right mirror: on until the visitor turns it off. */
  mirror: boolean
  /** The paint colour, `#rrggbb`. */
  color: string
  /** Colours painted with lately, newest first, `#rrggbb`. */
  recent: string[]
  /** The 2D view names the body-part regions. */
  labels: boolean
}

/** How many recent colours are kept. */
export const RECENT_MAX = 12

const HEX = /^#[0-9a-f]{6}$/
const isHex = (value: unknown) => typeof value === 'string' && HEX.test(value)

const isSettings = shape({
  tool: oneOf(...TOOLS),
  size: oneOf(1, 2, 3),
  fillMode: oneOf('connected', 'face', 'colour'),
  mirror: isBoolean,
  color: isHex,
  recent: arrayOf(isHex),
  labels: isBoolean,
})

/** A first visit's settings. */
export const DEFAULT_SETTINGS: EditorSettings = { tool: 'pencil', size: 1, fillMode: 'connected', mirror: false, color: '#3c8527', recent: [], labels: true }

/** The persisted settings. */
export const $editorSettings = persistentJson<EditorSettings>('ssg:editor-settings', isSettings, DEFAULT_SETTINGS)

/** Changes some settings. */
export const patchEditorSettings = (patch: Partial<EditorSettings>): void => $editorSettings.set({ ...$editorSettings.get(), ...patch })

/** `recent` with `hex` in front (once), at most {@link RECENT_MAX}. */
export function withRecent(recent: readonly string[], hex: string): string[] {
  const colour = hex.toLowerCase()
  return [colour, ...recent.filter((c) => c !== colour)].slice(0, RECENT_MAX)
}

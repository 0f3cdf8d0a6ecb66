/**
 * The editor's tools and their settings (the skin editor contract, part C): which tool paints, how it
 * fills, how big the brush is. Names only; what each does is the core model's (`src/shared/skin-editor`).
 * @module
 */

/** A tool of the tool bar. */
export type Tool = 'pencil' | 'eraser' | 'fill' | 'eyedropper' | 'lighten' | 'darken' | 'noise' | 'line'

/** Every tool, in tool-bar order. */
export const TOOLS: readonly Tool[] = ['pencil', 'eraser', 'line', 'fill', 'eyedropper', 'lighten', 'darken', 'noise']

/** Brush sizes (texels, a square): pencil, eraser, shade and noise. */
export type BrushSize = 1 | 2 | 3

/** Tools whose stroke follows the pointer texel by texel (a drag paints a connected trail). */
export const BRUSH_TOOLS: ReadonlySet<Tool> = new Set<Tool>(['pencil', 'eraser', 'lighten', 'darken', 'noise'])

/** Tools the brush size applies to. */
export const SIZED_TOOLS: ReadonlySet<Tool> = new Set<Tool>(['pencil', 'eraser', 'lighten', 'darken', 'noise', 'line'])

/** Clamps a size to 1–3. */
export const brushSize = (size: number): BrushSize => (Math.min(3, Math.max(1, Math.round(size))) as BrushSize)

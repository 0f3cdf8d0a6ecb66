/**
 * Options every view takes, and the scale clamp of the render service (SPEC §7).
 * @module
 */

/** How to draw a view: texel size in output pixels, overlay layers on/off, slim (3-px) arms. */
export interface ViewOptions {
  /** Output pixels per texel, clamped to {@link MIN_SCALE}…{@link MAX_SCALE}. */
  scale: number
  /** Draw the overlay layers (hat, jacket, sleeves, pants). */
  overlay: boolean
  /** Alex model: 3-texel arms. Only the body view has arms. */
  slim: boolean
}

/** Smallest scale. */
export const MIN_SCALE = 1
/** Largest scale (peers clamp the same way: Crafatar scale 1–10). */
export const MAX_SCALE = 10
/** Scale when none is asked for (SPEC §7: "Default scale 10"). */
export const DEFAULT_SCALE = 10

/** Clamps any number to an integer scale in 1…10 (non-finite → the default). */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return DEFAULT_SCALE
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.trunc(scale)))
}

/** Fills in defaults (scale 10, overlay on, classic arms) and clamps the scale. */
export function viewOptions(options: Partial<ViewOptions> = {}): ViewOptions {
  return {
    scale: clampScale(options.scale ?? DEFAULT_SCALE),
    overlay: options.overlay ?? true,
    slim: options.slim ?? false,
  }
}

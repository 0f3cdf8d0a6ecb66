/**
 * Enumerations of SPEC §3 as plain lists, without zod: the zod schemas are built from them, and the
 * browser stores check stored values against them without loading zod (DESIGN.md §4).
 * @module
 */

/** Job statuses (SPEC §3) plus `unknown` for a missing job (reference/mineskin-api.md §1.5). */
export const JOB_STATUSES = ['waiting', 'processing', 'completed', 'failed', 'unknown'] as const
/** Skin visibility (SPEC §3; legacy numeric 0/1/2 maps to these in order). */
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const
/** Skin variant; `unknown` asks for auto-detection (reference/mineskin-api.md §2.2). */
export const VARIANTS = ['classic', 'slim', 'unknown'] as const

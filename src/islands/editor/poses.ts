/**
 * The 3D player's poses, in the order P cycles through them: their own module, so the view
 * (./model-view.tsx) and the labels (./editor-labels.ts) both name them without importing each other.
 * @module
 */

/** The poses. */
export const POSES = ['stand', 'walk', 'wave', 'tpose'] as const
/** A pose of the 3D player. */
export type Pose = (typeof POSES)[number]

/**
 * The editor's poses on skinview3d's player: standing and T-pose hold still (limb rotations); walking
 * and waving are skinview3d's animations, which run frame by frame — or, under prefers-reduced-motion,
 * are shown as one still frame of the movement.
 * @module
 */
import { WalkingAnimation, WaveAnimation, type PlayerAnimation, type PlayerObject } from 'skinview3d'

/** The poses the editor offers. */
export type Pose = 'stand' | 'walk' | 'wave' | 'tpose'

/** Animation progress shown as the still frame of a moving pose: the legs and the arm mid-swing. */
const STILL_PROGRESS: Record<'walk' | 'wave', number> = { walk: 0.2, wave: 0.5 }

/**
 * Puts `player` in `pose` and returns the animation to advance each frame, or null when the pose
 * holds still (always null with `still`).
 */
export function applyPose(player: PlayerObject, pose: Pose, still: boolean): PlayerAnimation | null {
  player.resetJoints()
  player.position.set(0, 0, 0)
  player.rotation.set(0, 0, 0)
  if (pose === 'stand') return null
  if (pose === 'tpose') {
    // The arms hang along -y from the shoulder; a quarter turn about z points them sideways.
    player.skin.rightArm.rotation.z = -Math.PI / 2
    player.skin.leftArm.rotation.z = Math.PI / 2
    return null
  }
  const animation = pose === 'walk' ? new WalkingAnimation() : new WaveAnimation()
  if (!still) return animation
  animation.progress = STILL_PROGRESS[pose]
  animation.update(player, 0)
  return null
}

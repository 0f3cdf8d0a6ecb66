/**
 * The right drawer's open/closed flag (SPEC §2 "A jobs drawer has an open/closed flag, toggled by
 * the jobs button or avatar"). Shared by the jobs button island and the drawer island.
 * @module
 */
import { atom } from 'nanostores'

/** True while the right drawer is open. */
export const $drawerOpen = atom(false)

/** Flips the drawer open or closed. */
export const toggleDrawer = (): void => $drawerOpen.set(!$drawerOpen.get())

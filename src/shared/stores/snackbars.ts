/**
 * Global snackbars (SPEC §3 "Snackbar", §4, §9): shown top right, removed by id, the rest re-stacked.
 * @module
 */
import { atom } from 'nanostores'
import { SNACKBAR } from '../constants'

/** Snackbar colours (theme names). */
export type SnackbarColor = 'info' | 'success' | 'warning' | 'error'

/** One snackbar (SPEC §3). */
export interface Snackbar {
  id: number
  text: string
  /** ms until it closes by itself; -1 never closes (SPEC §9). */
  timeout: number
  color: SnackbarColor
  closable: boolean
  actionLabel?: string
  actionLink?: string
}

/** What a caller passes to show one. */
export type SnackbarInput = Partial<Omit<Snackbar, 'id' | 'text'>> & { text: string }

/** The visible snackbars, oldest first. */
export const $snackbars = atom<Snackbar[]>([])

let nextId = 1

/** Shows a snackbar; defaults: 5000 ms, info, closable (SPEC §9). Returns its id. */
export function showSnackbar(input: SnackbarInput): number {
  const snackbar: Snackbar = { timeout: SNACKBAR.timeout, color: 'info', closable: true, ...input, id: nextId++ }
  $snackbars.set([...$snackbars.get(), snackbar])
  return snackbar.id
}

/** Removes a snackbar by id; the others close ranks (SPEC §4). */
export function dismissSnackbar(id: number): void {
  $snackbars.set($snackbars.get().filter((s) => s.id !== id))
}

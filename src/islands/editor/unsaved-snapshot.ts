/**
 * The last changes of a page that is going away, kept synchronously. IndexedDB is asynchronous: a
 * save started in `pagehide` (a reload, a closed tab) may never finish, which would lose the work of
 * the last moments before the autosave delay ran out. So the page also writes the open draft to
 * `localStorage` (synchronous, a few KB) as it goes, and the next load takes it back when it is newer
 * than what IndexedDB holds.
 * @module
 */
import { isDraft, type Draft } from './draft-store'

/** The one `localStorage` key: only the draft open in the last page that went away. */
export const UNSAVED_KEY = 'ssg-editor:unsaved'

/** Writes `draft` (a failure, e.g. a full or disabled storage, only means no snapshot). */
export function writeUnsaved(storage: Storage | undefined, draft: Draft): void {
  try {
    storage?.setItem(UNSAVED_KEY, JSON.stringify({ ...draft, png: toBase64(draft.png) }))
  } catch {
    // The IndexedDB save still runs; this is the fallback only.
  }
}

/** Takes the snapshot out of `storage` (it is used at most once); undefined when there is none or it is damaged. */
export function takeUnsaved(storage: Storage | undefined): Draft | undefined {
  let text: string | null = null
  try {
    text = storage?.getItem(UNSAVED_KEY) ?? null
    storage?.removeItem(UNSAVED_KEY)
  } catch {
    return undefined
  }
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Record<string, unknown>
    const draft = { ...value, png: typeof value.png === 'string' ? fromBase64(value.png) : undefined }
    return isDraft(draft) ? draft : undefined
  } catch {
    return undefined
  }
}

const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * The picked skin files (SPEC §3 `uploadFiles`): each gets a preview and is checked in the browser
 * from its first 24 bytes — PNG signature, 64×64 or 64×32, ≤ 20 000 bytes — before anything is
 * uploaded (the server stays the authority).
 * @module
 */
import { checkSkinFile, SKIN_FILE_HEAD_BYTES } from '../../shared/skin/skin-file'
import { $uploadFiles, type UploadFile } from '../../shared/stores/generate-form'

let nextKey = 0

const update = (key: string, change: Partial<UploadFile>) => $uploadFiles.set($uploadFiles.get().map((f) => (f.key === key ? { ...f, ...change } : f)))

/** Reads the first bytes of `file` and records the verdict. */
async function check(entry: UploadFile): Promise<void> {
  const head = new Uint8Array(await entry.file.slice(0, SKIN_FILE_HEAD_BYTES).arrayBuffer())
  update(entry.key, { checked: true, problem: checkSkinFile(head, entry.file.size) ?? undefined })
}

/** Adds files (picker, drop or paste) and starts their checks. */
export function addUploadFiles(files: Iterable<File>): void {
  const added = [...files].map((file): UploadFile => ({ key: `f${nextKey++}`, file, preview: URL.createObjectURL(file), checked: false }))
  if (added.length === 0) return
  $uploadFiles.set([...$uploadFiles.get(), ...added])
  for (const entry of added) void check(entry).catch(() => update(entry.key, { checked: true, problem: { code: 'not_png' } }))
}

/** Removes files by key and frees their previews. */
export function removeUploadFiles(keys: Iterable<string>): void {
  const gone = new Set(keys)
  for (const file of $uploadFiles.get()) if (gone.has(file.key)) URL.revokeObjectURL(file.preview)
  $uploadFiles.set($uploadFiles.get().filter((file) => !gone.has(file.key)))
}

/** Marks a file the server refused with the server's message. */
export const markUploadError = (key: string, error: string): void => update(key, { error })

/** Files that passed the browser check. */
export const sendableFiles = (files: UploadFile[]): UploadFile[] => files.filter((file) => file.checked && !file.problem)

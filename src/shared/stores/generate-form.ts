/**
 * The generate form (SPEC §3 "Generate form state", §5): name, visibility, variant, cape, URLs,
 * players and the generating flag persist in localStorage — with empty URL and player entries dropped
 * when stored (SPEC §5) — so a reload or a second tab shows the same form. Files cannot be stored;
 * they live in memory while the page is open.
 * @module
 */
import { atom } from 'nanostores'
import { VARIANTS, VISIBILITIES } from '../schemas/api/enums'
import type { SkinFileProblem } from '../skin/skin-file'
import { persistentJson } from './persistent-json'
import { arrayOf, isBoolean, isString, oneOf, shape } from './stored-shape'

/** The stored part of the form. */
export interface GenerateForm {
  name: string
  visibility: (typeof VISIBILITIES)[number]
  variant: (typeof VARIANTS)[number]
  /** Cape uuid, or '' for none. */
  cape: string
  urls: string[]
  users: string[]
  generating: boolean
}

const isForm = shape({
  name: isString,
  visibility: oneOf(...VISIBILITIES),
  variant: oneOf(...VARIANTS),
  cape: isString,
  urls: arrayOf(isString),
  users: arrayOf(isString),
  generating: isBoolean,
})

/** An empty form: one empty field per list, so there is always somewhere to type. */
export const EMPTY_FORM: GenerateForm = { name: '', visibility: 'public', variant: 'unknown', cape: '', urls: [''], users: [''], generating: false }

/** What is written to localStorage: empty URL and player entries dropped (SPEC §5). */
export function storedForm(form: GenerateForm): GenerateForm {
  const filled = (list: string[]) => list.filter((value) => value.trim() !== '')
  return { ...form, urls: filled(form.urls), users: filled(form.users) }
}

/** The persisted form. */
export const $generateForm = persistentJson<GenerateForm>('ssg:generate-form', isForm, EMPTY_FORM, storedForm)

/** Updates some fields of the form. */
export const patchGenerateForm = (patch: Partial<GenerateForm>): void => $generateForm.set({ ...$generateForm.get(), ...patch })


/** A picked file with its preview and its check result. */
export interface UploadFile {
  /** Stable key for lists. */
  key: string
  file: File
  /** Object URL of the file for the preview. */
  preview: string
  /** False until the file's first bytes were read and checked. */
  checked: boolean
  /** Why the file cannot be sent, when the check found something. */
  problem?: SkinFileProblem
  /** What the server said when it refused the file. */
  error?: string
}

/** The picked files (SPEC §3 `uploadFiles`; not persisted — a File cannot be stored). */
export const $uploadFiles = atom<UploadFile[]>([])

/**
 * The generate form (SPEC §3 "Generate form state", §5): name, visibility, variant, cape, URLs,
 * players and the generating flag persist in localStorage — with empty URL and player entries dropped
 * when stored (SPEC §5) — so a reload or a second tab shows the same form. Files cannot be stored;
 * they live in memory while the page is open.
 * @module
 */
import { atom } from 'nanostores'
import * as z from 'zod/mini'
import type { SkinFileProblem } from '../skin/skin-file'
import { persistentJson } from './persistent-json'

/** Visibility choices (SPEC §3). */
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const
/** Variant choices; `unknown` is "auto" (reference/mineskin-api.md §2.2). */
export const VARIANTS = ['unknown', 'classic', 'slim'] as const

/** The stored part of the form. */
export const generateFormSchema = z.object({
  name: z.string(),
  visibility: z.enum(VISIBILITIES),
  variant: z.enum(VARIANTS),
  /** Cape uuid, or '' for none. */
  cape: z.string(),
  urls: z.array(z.string()),
  users: z.array(z.string()),
  generating: z.boolean(),
})
/** The generate form state. */
export type GenerateForm = z.infer<typeof generateFormSchema>

/** An empty form: one empty field per list, so there is always somewhere to type. */
export const EMPTY_FORM: GenerateForm = { name: '', visibility: 'public', variant: 'unknown', cape: '', urls: [''], users: [''], generating: false }

/** What is written to localStorage: empty URL and player entries dropped (SPEC §5). */
export function storedForm(form: GenerateForm): GenerateForm {
  const filled = (list: string[]) => list.filter((value) => value.trim() !== '')
  return { ...form, urls: filled(form.urls), users: filled(form.users) }
}

/** The persisted form. */
export const $generateForm = persistentJson('ssg:generate-form', generateFormSchema, EMPTY_FORM, storedForm)

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

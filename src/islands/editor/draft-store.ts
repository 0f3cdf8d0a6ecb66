/**
 * Drafts in the browser's IndexedDB (the contract's "work is kept as it changes and comes back after a
 * reload or a crash"): each draft is its texture as PNG bytes (core `encodeSkinPng`, at most 20 KB),
 * model, name, the gallery skin it was made from, a small thumbnail and when it changed. One key
 * remembers the draft in progress, which the editor reopens on its next load. A value that no longer
 * has the expected shape (an older version, a damaged store) is skipped, never a crash.
 * @module
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import type { Model } from '../../shared/skin-editor/texture'

/** One draft as stored. */
export interface Draft {
  id: string
  /** The name the visitor gave (or the source's), '' for none. */
  name: string
  model: Model
  /** The texture as a 64×64 PNG. */
  png: Uint8Array
  /** The gallery skin this draft started from (sent as `remixOf` when signed). */
  remixOf?: { uuid: string; name: string }
  /** A small PNG data URL of the skin's front. */
  thumbnail: string
  createdAt: number
  updatedAt: number
}

/** How many drafts are kept; saving one more drops the least recently changed. */
export const DRAFTS_MAX = 30

const DRAFT_PREFIX = 'draft:'
const CURRENT_KEY = 'current'

/** True when `value` has the stored draft's shape. */
export function isDraft(value: unknown): value is Draft {
  if (!value || typeof value !== 'object') return false
  const d = value as Record<string, unknown>
  const remix = d.remixOf as Record<string, unknown> | undefined
  return (
    typeof d.id === 'string' &&
    typeof d.name === 'string' &&
    (d.model === 'classic' || d.model === 'slim') &&
    d.png instanceof Uint8Array &&
    typeof d.thumbnail === 'string' &&
    typeof d.createdAt === 'number' &&
    typeof d.updatedAt === 'number' &&
    (remix === undefined || (typeof remix === 'object' && remix !== null && typeof remix.uuid === 'string' && typeof remix.name === 'string'))
  )
}

/** The drafts of one browser profile. */
export interface DraftStore {
  /** Writes a draft and makes it the one in progress; drops the oldest beyond {@link DRAFTS_MAX}. */
  save(draft: Draft): Promise<void>
  load(id: string): Promise<Draft | undefined>
  /** Every draft, most recently changed first. */
  list(): Promise<Draft[]>
  remove(id: string): Promise<void>
  /** The id of the draft in progress. */
  current(): Promise<string | undefined>
  setCurrent(id: string | undefined): Promise<void>
}

/** Opens the drafts of database `dbName` (the tests pass their own). */
export function openDraftStore(dbName = 'ssg-editor'): DraftStore {
  let store: UseStore | undefined
  // Created on first use: opening IndexedDB is not free, and a server render never gets here.
  const db = () => (store ??= createStore(dbName, 'drafts'))
  const list = async () => {
    const all = await entries<IDBValidKey, unknown>(db())
    const drafts = all.filter(([key, value]) => typeof key === 'string' && key.startsWith(DRAFT_PREFIX) && isDraft(value)).map(([, value]) => value as Draft)
    return drafts.sort((a, b) => b.updatedAt - a.updatedAt)
  }
  return {
    async save(draft) {
      await set(DRAFT_PREFIX + draft.id, draft, db())
      await set(CURRENT_KEY, draft.id, db())
      const all = await list()
      for (const old of all.slice(DRAFTS_MAX)) await del(DRAFT_PREFIX + old.id, db())
    },
    async load(id) {
      const value = await get<unknown>(DRAFT_PREFIX + id, db())
      return isDraft(value) ? value : undefined
    },
    list,
    async remove(id) {
      await del(DRAFT_PREFIX + id, db())
      if ((await get(CURRENT_KEY, db())) === id) await del(CURRENT_KEY, db())
    },
    async current() {
      const id = await get<unknown>(CURRENT_KEY, db())
      return typeof id === 'string' ? id : undefined
    },
    async setCurrent(id) {
      if (id === undefined) await del(CURRENT_KEY, db())
      else await set(CURRENT_KEY, id, db())
    },
  }
}

/** A new draft id (time first, so ids sort roughly by creation; random tail against collisions). */
export function newDraftId(now: number, random: () => number = Math.random): string {
  return `${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`
}

/**
 * Keeps the open texture as a draft: which draft it is (id, name, the skin it remixes), saving it a
 * moment after each change (`autosave.ts`) as PNG bytes with a thumbnail, bringing the last one back,
 * opening and deleting others. A browser without IndexedDB (some private modes) keeps no drafts: the
 * first failed access says so once and the editor works on without them.
 * @module
 */
import { decodeSkinPng, encodeSkinPng } from '../../shared/skin-editor/codec'
import type { Model, SkinTexture } from '../../shared/skin-editor/texture'
import { Autosave, type Timers } from './autosave'
import { newDraftId, openDraftStore, type Draft, type DraftStore } from './draft-store'
import type { DraftSummary } from './drafts-panel'
import type { EditSession } from './edit-session'
import { takeUnsaved, writeUnsaved } from './unsaved-snapshot'

/** The open draft, as the island shows it. */
export interface DraftInfo {
  id: string
  name: string
  model: Model
  remixOf?: { uuid: string; name: string }
  createdAt: number
}

/** What the keeper works with; the store, clock and timers are injected by the tests. */
export interface DraftKeeperDeps {
  session: EditSession
  /** A thumbnail of the texture as it is now (a data URL). */
  thumbnail(model: Model): string
  /** Called before the texture is read (the island draws any waiting frame). */
  beforeRead?(): void
  /** The list changed (most recently saved first). */
  onList(drafts: DraftSummary[]): void
  /** The open draft was saved at this time. */
  onSaved?(at: number): void
  /** This browser keeps no drafts. */
  onUnavailable?(): void
  /** A save failed (the store works otherwise, e.g. the quota is full). */
  onError?(error: unknown): void
  store?: DraftStore
  /** Where {@link DraftKeeper.keepUnsaved} writes synchronously (default `localStorage`; none: no snapshot). */
  snapshots?: Storage
  now?(): number
  random?(): number
  timers?: Timers
}

/** The open draft and the store behind it. */
export class DraftKeeper {
  private info: DraftInfo = { id: '', name: '', model: 'classic', createdAt: 0 }
  private readonly store: DraftStore
  private readonly autosave: Autosave
  private available = true
  private readonly now: () => number

  constructor(private readonly deps: DraftKeeperDeps) {
    this.store = deps.store ?? openDraftStore()
    this.now = deps.now ?? Date.now
    this.autosave = new Autosave(() => this.save(), (error) => this.failed(error), deps.timers)
  }

  /** The open draft. */
  get current(): DraftInfo {
    return this.info
  }

  /** Starts a new draft on `texture` (saved with its first change, or at once by {@link changed}). */
  start(texture: SkinTexture, model: Model, options: { name: string; remixOf?: DraftInfo['remixOf'] }): DraftInfo {
    this.autosave.cancel()
    this.deps.session.replace(texture, model)
    const now = this.now()
    this.info = { id: newDraftId(now, this.deps.random), name: options.name, model, createdAt: now, ...(options.remixOf ? { remixOf: options.remixOf } : {}) }
    return this.info
  }

  /** The texture, model or name changed: save soon. */
  changed(): void {
    if (this.available) this.autosave.schedule()
  }

  /** The visitor renamed the draft. */
  rename(name: string): void {
    this.info = { ...this.info, name }
    this.changed()
  }

  /** Saves a waiting change now. */
  flush(): Promise<void> {
    return this.autosave.flush()
  }

  /**
   * The page is going away: writes a waiting change synchronously (./unsaved-snapshot.ts), as the
   * IndexedDB save started beside it may not finish; the next {@link restore} takes it back.
   */
  keepUnsaved(): void {
    if (!this.available || !this.info.id || !this.autosave.dirty) return
    writeUnsaved(this.snapshots, this.draftNow())
  }

  /** The open draft as it is now. */
  private draftNow(): Draft {
    this.deps.beforeRead?.()
    const { session } = this.deps
    return { ...this.info, model: session.model, png: encodeSkinPng(session.texture), thumbnail: this.deps.thumbnail(session.model), updatedAt: this.now() }
  }

  private get snapshots(): Storage | undefined {
    if (this.deps.snapshots) return this.deps.snapshots
    try {
      return globalThis.localStorage
    } catch {
      return undefined
    }
  }

  private async save(): Promise<void> {
    if (!this.available || !this.info.id) return
    const draft = this.draftNow()
    const { updatedAt } = draft
    await this.store.save(draft)
    this.deps.onSaved?.(updatedAt)
    await this.refresh()
  }

  private failed(error: unknown): void {
    // The very first access failing means no IndexedDB here at all: say so once, then stay quiet.
    if (this.available && !this.reached) {
      this.available = false
      this.deps.onUnavailable?.()
      return
    }
    this.deps.onError?.(error)
  }

  /** True once the store answered at least once. */
  private reached = false

  /** Reads the list of drafts and hands it on. */
  async refresh(): Promise<void> {
    const list = await this.store.list()
    this.reached = true
    this.deps.onList(list.map(({ id, name, thumbnail, updatedAt }) => ({ id, name, thumbnail, updatedAt })))
  }

  /** Opens the draft `draft` into the session. */
  private load(draft: Draft): DraftInfo {
    const { texture } = decodeSkinPng(draft.png)
    this.autosave.cancel()
    this.deps.session.replace(texture, draft.model)
    this.info = { id: draft.id, name: draft.name, model: draft.model, createdAt: draft.createdAt, ...(draft.remixOf ? { remixOf: draft.remixOf } : {}) }
    return this.info
  }

  /** Brings back the draft that was open last; null when there is none (or no store). */
  async restore(): Promise<DraftInfo | null> {
    try {
      let id = await this.store.current()
      let draft = id ? await this.store.load(id) : undefined
      // The last page's final changes, when IndexedDB did not get them before it went away.
      const unsaved = takeUnsaved(this.snapshots)
      if (unsaved && (!id || unsaved.id === id) && (!draft || unsaved.updatedAt > draft.updatedAt)) {
        await this.store.save(unsaved)
        ;[id, draft] = [unsaved.id, unsaved]
      }
      await this.refresh()
      return draft ? this.load(draft) : null
    } catch (error) {
      this.failed(error)
      return null
    }
  }

  /** Opens draft `id` (the open one was flushed by the caller); null when it is gone or unreadable. */
  async open(id: string): Promise<DraftInfo | null> {
    const draft = await this.store.load(id)
    if (!draft) return null
    const info = this.load(draft)
    await this.store.setCurrent(id)
    await this.refresh()
    return info
  }

  /** Deletes draft `id` (never the open one). */
  async remove(id: string): Promise<void> {
    if (id === this.info.id) return
    await this.store.remove(id)
    await this.refresh()
  }
}

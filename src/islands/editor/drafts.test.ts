/**
 * Drafts in IndexedDB (here fake-indexeddb, an in-memory IndexedDB): the store keeps drafts with their
 * PNG bytes and thumbnail, lists them newest first, remembers the one in progress, forgets the oldest
 * beyond its limit and skips values of another shape; the keeper saves the open texture 300 ms after
 * the last change (one write for a burst), brings the last draft back pixel for pixel with its model
 * and name after a "reload", opens and deletes others, and starts new drafts beside the old ones.
 */
import 'fake-indexeddb/auto'
import { describe, expect, test } from 'bun:test'
import { set, createStore } from 'idb-keyval'
import { paintedSkinPng } from '../../../test/support/skin-files'
import { decodeSkinPng, encodeSkinPng } from '../../shared/skin-editor/codec'
import { blankTemplate } from '../../shared/skin-editor/convert'
import { cloneTexture, getTexel, hexToColor } from '../../shared/skin-editor/texture'
import { AUTOSAVE_DELAY_MS, type Timers } from './autosave'
import { DRAFTS_MAX, openDraftStore, type Draft, type DraftStore } from './draft-store'
import { DraftKeeper } from './drafts'
import type { DraftSummary } from './drafts-panel'
import { EditSession } from './edit-session'

let dbCount = 0
const freshDb = () => `editor-test-${++dbCount}`

const draft = (id: string, updatedAt: number, over: Partial<Draft> = {}): Draft => ({
  id,
  name: `Draft ${id}`,
  model: 'classic',
  png: encodeSkinPng(blankTemplate('classic')),
  thumbnail: 'data:image/png;base64,AAAA',
  createdAt: updatedAt,
  updatedAt,
  ...over,
})

describe('the draft store', () => {
  test('saves, lists newest first, loads, remembers the current one, deletes', async () => {
    const store = openDraftStore(freshDb())
    expect(await store.list()).toEqual([])
    expect(await store.current()).toBeUndefined()
    await store.save(draft('a', 100))
    await store.save(draft('b', 300, { remixOf: { uuid: 'f'.repeat(32), name: 'Original' } }))
    await store.save(draft('c', 200))
    expect((await store.list()).map((d) => d.id)).toEqual(['b', 'c', 'a'])
    expect(await store.current()).toBe('c')
    const b = await store.load('b')
    expect(b?.remixOf).toEqual({ uuid: 'f'.repeat(32), name: 'Original' })
    expect(b?.png).toBeInstanceOf(Uint8Array)
    await store.remove('c')
    expect(await store.current()).toBeUndefined()
    expect((await store.list()).map((d) => d.id)).toEqual(['b', 'a'])
  })

  test(`keeps at most ${DRAFTS_MAX} drafts, dropping the least recently changed`, async () => {
    const store = openDraftStore(freshDb())
    for (let i = 0; i < DRAFTS_MAX + 3; i++) await store.save(draft(`d${i}`, 1000 + i))
    const ids = (await store.list()).map((d) => d.id)
    expect(ids).toHaveLength(DRAFTS_MAX)
    expect(ids).not.toContain('d0')
    expect(ids).not.toContain('d2')
    expect(ids[0]).toBe(`d${DRAFTS_MAX + 2}`)
  })

  test('a stored value of another shape is skipped, not a crash', async () => {
    const name = freshDb()
    const store = openDraftStore(name)
    await store.save(draft('good', 5))
    await set('draft:bad', { id: 'bad', png: 'not bytes' }, createStore(name, 'drafts'))
    expect((await store.list()).map((d) => d.id)).toEqual(['good'])
    expect(await store.load('bad')).toBeUndefined()
  })
})

/** Timers run by hand: `advance(ms)` fires what is due. */
function manualTimers() {
  let now = 0
  let next = 1
  const pending = new Map<number, { at: number; run: () => void }>()
  const timers: Timers = {
    setTimeout: (run, ms) => {
      const id = next++
      pending.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  }
  const advance = async (ms: number) => {
    now += ms
    for (const [id, timer] of [...pending]) {
      if (timer.at > now) continue
      pending.delete(id)
      timer.run()
    }
    // Let the write's promises settle.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { timers, advance }
}

/** A `localStorage` stand-in (bun:test has none). */
function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

function keeper(dbName: string, timers: Timers, clock = { now: 1_000 }, snapshots?: Storage) {
  const session = new EditSession(blankTemplate('classic'), 'classic')
  const lists: DraftSummary[][] = []
  const saves: number[] = []
  const keep = new DraftKeeper({
    session,
    store: openDraftStore(dbName),
    thumbnail: (model) => `thumb:${model}`,
    onList: (list) => void lists.push(list),
    onSaved: (at) => void saves.push(at),
    now: () => clock.now,
    random: () => 0.5,
    timers,
    ...(snapshots ? { snapshots } : {}),
  })
  return { session, keep, lists, saves, clock }
}

describe('the draft keeper', () => {
  test(`saves ${AUTOSAVE_DELAY_MS} ms after the last change, once for a burst; a reload brings the draft back pixel for pixel`, async () => {
    const db = freshDb()
    const { timers, advance } = manualTimers()
    const first = keeper(db, timers)
    const texture = decodeSkinPng(paintedSkinPng(3)).texture
    first.keep.start(cloneTexture(texture), 'slim', { name: 'Knight', remixOf: { uuid: 'a'.repeat(32), name: 'Old knight' } })
    const red = hexToColor('#ff0000')!
    for (let i = 0; i < 5; i++) {
      first.session.begin([8 + i, 8], { tool: 'pencil', layer: 'base', mirror: false, color: red, size: 1, fillMode: 'connected' })
      first.session.end()
      first.keep.changed()
      await advance(100)
    }
    expect(first.saves).toEqual([])
    await advance(AUTOSAVE_DELAY_MS)
    expect(first.saves).toHaveLength(1)
    expect(first.lists.at(-1)?.map((d) => [d.name, d.thumbnail])).toEqual([['Knight', 'thumb:slim']])

    // A new page on the same browser profile.
    const second = keeper(db, manualTimers().timers)
    const info = await second.keep.restore()
    expect(info).toMatchObject({ name: 'Knight', model: 'slim', remixOf: { uuid: 'a'.repeat(32), name: 'Old knight' } })
    expect(second.session.model).toBe('slim')
    expect(Buffer.from(second.session.texture.rgba).equals(Buffer.from(first.session.texture.rgba))).toBe(true)
    expect(getTexel(second.session.texture, 12, 8)).toBe(red)
    // The history starts afresh.
    expect(second.session.history.canUndo).toBe(false)
  })

  test('a change the page could not write to IndexedDB before it went away comes back from its synchronous snapshot, once', async () => {
    const db = freshDb()
    const storage = memoryStorage()
    const { timers, advance } = manualTimers()
    const clock = { now: 1_000 }
    const first = keeper(db, timers, clock, storage)
    first.keep.start(blankTemplate('classic'), 'classic', { name: 'Late' })
    first.keep.changed()
    await advance(AUTOSAVE_DELAY_MS)
    expect(first.saves).toEqual([1_000])
    // A stroke, then the page goes away before the autosave delay runs out: the IndexedDB write never happens.
    const red = hexToColor('#e0211b')!
    clock.now = 2_000
    first.session.begin([10, 10], { tool: 'pencil', layer: 'base', mirror: false, color: red, size: 1, fillMode: 'connected' })
    first.session.end()
    first.keep.changed()
    first.keep.keepUnsaved()

    const second = keeper(db, manualTimers().timers, { now: 3_000 }, storage)
    expect(await second.keep.restore()).toMatchObject({ name: 'Late' })
    expect(getTexel(second.session.texture, 10, 10)).toBe(red)
    // Written into IndexedDB too, and used once: a third page finds it there, not in the snapshot.
    expect(storage.length).toBe(0)
    const third = keeper(db, manualTimers().timers, { now: 4_000 }, storage)
    await third.keep.restore()
    expect(getTexel(third.session.texture, 10, 10)).toBe(red)
  })

  test('a change whose IndexedDB write is still running when the page goes away comes back from its snapshot', async () => {
    const db = freshDb()
    const storage = memoryStorage()
    const { timers, advance } = manualTimers()
    const clock = { now: 1_000 }
    // The write starts (the autosave delay ran out) but never finishes: the page went away meanwhile.
    const real = openDraftStore(db)
    const stuck: DraftStore = { ...real, save: () => new Promise<void>(() => {}) }
    const session = new EditSession(blankTemplate('classic'), 'classic')
    const first = new DraftKeeper({ session, store: stuck, thumbnail: () => 'thumb', onList: () => {}, now: () => clock.now, random: () => 0.5, timers, snapshots: storage })
    first.start(blankTemplate('classic'), 'classic', { name: 'In flight' })
    const red = hexToColor('#e0211b')!
    session.begin([12, 12], { tool: 'pencil', layer: 'base', mirror: false, color: red, size: 1, fillMode: 'connected' })
    session.end()
    first.changed()
    await advance(AUTOSAVE_DELAY_MS)
    first.keepUnsaved()
    expect(storage.length).toBe(1)

    const second = keeper(db, manualTimers().timers, { now: 2_000 }, storage)
    expect(await second.keep.restore()).toMatchObject({ name: 'In flight' })
    expect(getTexel(second.session.texture, 12, 12)).toBe(red)
  })

  test('a snapshot older than what IndexedDB holds is ignored, and nothing is kept when nothing waits', async () => {
    const db = freshDb()
    const storage = memoryStorage()
    const { timers, advance } = manualTimers()
    const clock = { now: 1_000 }
    const first = keeper(db, timers, clock, storage)
    first.keep.start(blankTemplate('classic'), 'classic', { name: 'Stale' })
    first.keep.keepUnsaved()
    expect(storage.length).toBe(0)
    const red = hexToColor('#e0211b')!
    first.session.begin([10, 10], { tool: 'pencil', layer: 'base', mirror: false, color: red, size: 1, fillMode: 'connected' })
    first.session.end()
    first.keep.changed()
    first.keep.keepUnsaved()
    // The IndexedDB write did finish after all, later, with a further change.
    clock.now = 2_000
    const blue = hexToColor('#1b3fe0')!
    first.session.begin([11, 10], { tool: 'pencil', layer: 'base', mirror: false, color: blue, size: 1, fillMode: 'connected' })
    first.session.end()
    first.keep.changed()
    await advance(AUTOSAVE_DELAY_MS)

    const second = keeper(db, manualTimers().timers, { now: 3_000 }, storage)
    await second.keep.restore()
    expect(getTexel(second.session.texture, 11, 10)).toBe(blue)
    expect(storage.length).toBe(0)
  })

  test('nothing to restore in a new profile; a new draft starts beside the old ones, which can be opened and deleted', async () => {
    const db = freshDb()
    const { timers, advance } = manualTimers()
    const { keep, session, lists, clock } = keeper(db, timers)
    expect(await keep.restore()).toBeNull()
    const one = keep.start(blankTemplate('classic'), 'classic', { name: 'One' })
    keep.changed()
    await advance(AUTOSAVE_DELAY_MS)
    clock.now = 2_000
    const two = keep.start(blankTemplate('slim'), 'slim', { name: 'Two' })
    expect(two.id).not.toBe(one.id)
    keep.changed()
    await advance(AUTOSAVE_DELAY_MS)
    expect(lists.at(-1)?.map((d) => d.name)).toEqual(['Two', 'One'])

    expect(await keep.open(one.id)).toMatchObject({ id: one.id, name: 'One', model: 'classic' })
    expect(session.model).toBe('classic')
    // The open draft cannot be deleted; the other one can.
    await keep.remove(one.id)
    await keep.remove(two.id)
    expect(lists.at(-1)?.map((d) => d.name)).toEqual(['One'])
    expect(await openDraftStore(db).current()).toBe(one.id)
  })

  test('renaming saves the new name', async () => {
    const db = freshDb()
    const { timers, advance } = manualTimers()
    const { keep, lists } = keeper(db, timers)
    keep.start(blankTemplate('classic'), 'classic', { name: '' })
    keep.rename('Blue knight')
    await advance(AUTOSAVE_DELAY_MS)
    expect(lists.at(-1)?.[0]?.name).toBe('Blue knight')
  })
})

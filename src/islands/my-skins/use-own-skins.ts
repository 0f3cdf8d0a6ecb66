/**
 * The visitor's own skins for My Skins and the Export page: the uuids this browser
 * remembers (`$mySkins`, newest first, SPEC §9 cap 100) plus, when signed in, `GET /v2/me/skins`
 * (every visibility). Details load in small parallel batches as the window grows; ids the API no
 * longer knows (404: deleted) leave the local list. Both sources merge without duplicates, newest
 * first, `pageSize` more at a time.
 * @module
 */
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { $auth } from '../../shared/stores/auth'
import { $mySkins } from '../../shared/stores/my-skins'
import { loadBrowserApi } from '../load-api'
import { loadOwnPage, loadSkin, type OwnSkin } from './calls'

/** Details requested at once: enough to fill a row quickly without flooding the API. */
const BATCH = 6

/** One listed skin; `skin` is missing while its details load, `failed` when they could not. */
export interface OwnEntry {
  uuid: string
  skin?: OwnSkin
  failed?: boolean
}

interface ServerList {
  skins: OwnSkin[]
  after?: string
  done: boolean
  loading: boolean
  failed: boolean
}

type Detail = OwnSkin | 'deleted' | 'failed'

/** What the lists render. */
export interface OwnSkins {
  /** False on the server and until hydration: nothing is known yet. */
  started: boolean
  entries: OwnEntry[]
  /** True while anything in the window is still loading. */
  loading: boolean
  hasMore: boolean
  more(): void
  /** The auth check's answer (SPEC §4); `unknown` until it has answered. */
  account: 'unknown' | 'signed-in' | 'signed-out'
  /** The account list could not be read. */
  serverFailed: boolean
}

/** Merges, dedupes and orders the visitor's skins; see the module comment. */
export function useOwnSkins(pageSize: number): OwnSkins {
  const local = useStore($mySkins, { ssr: () => [] as string[] })
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const signedIn = auth.status === 'signed-in'
  const [started, setStarted] = useState(false)
  const [shown, setShown] = useState(pageSize)
  const [details, setDetails] = useState<Record<string, Detail>>({})
  const [server, setServer] = useState<ServerList>({ skins: [], done: false, loading: false, failed: false })
  const requested = useRef(new Set<string>())
  const queue = useRef<string[]>([])
  const running = useRef(false)

  useEffect(() => setStarted(true), [])

  const pump = useCallback(async () => {
    if (running.current) return
    running.current = true
    try {
      const api = await loadBrowserApi()
      while (queue.current.length > 0) {
        const batch = queue.current.splice(0, BATCH)
        const results = await Promise.all(batch.map((id) => loadSkin(api, id).catch((error: unknown): Detail => (console.warn('[my-skins]', id, error), 'failed'))))
        setDetails((previous) => {
          const next = { ...previous }
          batch.forEach((id, i) => (next[id] = results[i]!))
          return next
        })
        const gone = batch.filter((_, i) => results[i] === 'deleted')
        // A deleted skin never comes back: it leaves the list so it no longer takes one of the 100 places.
        if (gone.length > 0) $mySkins.set($mySkins.get().filter((id) => !gone.includes(id)))
      }
    } finally {
      running.current = false
    }
  }, [])

  // Details for everything in the window that has not been asked for yet.
  useEffect(() => {
    if (!started) return
    const wanted = [...local.slice(0, shown), ...server.skins.map((s) => s.uuid)].filter((id) => !requested.current.has(id))
    if (wanted.length === 0) return
    for (const id of wanted) requested.current.add(id)
    queue.current.push(...wanted)
    void pump()
  }, [started, local, shown, server.skins, pump])

  // The account's own skins, a page at a time while the window needs more.
  useEffect(() => {
    if (!started || !signedIn || server.done || server.loading || server.skins.length >= shown) return
    setServer((s) => ({ ...s, loading: true }))
    loadBrowserApi()
      .then((api) => loadOwnPage(api, pageSize, server.after))
      .then(
        (page) => setServer((s) => ({ skins: [...s.skins, ...page.skins], after: page.after, done: page.skins.length < pageSize || !page.after, loading: false, failed: false })),
        (error: unknown) => (console.warn('[my-skins] own skins', error), setServer((s) => ({ ...s, done: true, loading: false, failed: true }))),
      )
  }, [started, signedIn, server, shown, pageSize])

  const candidates = useMemo(() => {
    const fromServer = new Map(server.skins.map((s) => [s.uuid, s]))
    const ids = [...new Set([...local.slice(0, shown), ...fromServer.keys()])]
    const entries: OwnEntry[] = []
    for (const uuid of ids) {
      const detail = details[uuid]
      if (detail === 'deleted') continue
      const skin = typeof detail === 'object' ? detail : fromServer.get(uuid)
      entries.push({ uuid, ...(skin ? { skin } : {}), ...(detail === 'failed' ? { failed: true } : {}) })
    }
    // Newest first; entries still loading stay on top (they are the newest of the local list).
    const time = (e: OwnEntry) => e.skin?.timestamp ?? (e.failed ? -1 : Number.MAX_SAFE_INTEGER)
    return entries.map((e, i) => ({ e, i })).sort((a, b) => time(b.e) - time(a.e) || a.i - b.i).map(({ e }) => e)
  }, [local, shown, server.skins, details])

  const entries = candidates.slice(0, shown)
  const loading = !started || auth.status === 'unknown' || server.loading || entries.some((e) => !e.skin && !e.failed)
  const hasMore = candidates.length > shown || local.length > shown || (signedIn && !server.done)
  const more = useCallback(() => setShown((n) => n + pageSize), [pageSize])
  return { started, entries, loading, hasMore, more, account: auth.status, serverFailed: server.failed }
}

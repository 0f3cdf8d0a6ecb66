/**
 * Infinite scroll over the gallery's server pages (reference/mineskin-api.md §3.4): when the
 * visitor nears the end of the grid, the next page comes from the API (`after` cursor) and its cards
 * are appended with the server's markup. The server's 'Next' link stays the fallback: it is hidden
 * while this works and shown again (pointing at the page that failed) when a load fails. The URL
 * follows the last page loaded (history.replaceState), so a reload or a way back lands near where
 * the visitor was. It hydrates only when its spot nears the viewport (hydrate-when.ts).
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { Parser } from '../shared/api/client'
import { useI18n } from '../shared/i18n/context'
import { appendCards, type CardSkin } from './gallery/skin-card'
import { loadBrowserApi } from './load-api'

/** Props, all set by the server's gallery page. */
export interface GalleryScrollProps {
  category: 'latest' | 'popular'
  filter?: string
  size: number
  /** Cursor of the first page to fetch (the server's 'Next'). */
  after: string
  /** This gallery's URL without a cursor (search and size kept). */
  page: string
  /** Translated texts, given by the server so the page embeds no extra namespace. */
  labels: { loading: string; end: string }
}

/** The part of a list answer the scroll reads (no zod in the browser: DESIGN.md §4). */
interface ListAnswer {
  skins: CardSkin[]
  pagination?: { next?: { after?: string } }
}

const listAnswer: Parser<ListAnswer> = {
  parse(data) {
    if (!Array.isArray((data as ListAnswer | null)?.skins)) throw new TypeError('not a skin list')
    return data as ListAnswer
  },
}

/** `page` with an `after` cursor. */
const pageAfter = (page: string, after: string) => `${page}${page.includes('?') ? '&' : '?'}after=${after}`

type Phase = 'idle' | 'loading' | 'end'

/** The scroll sentinel: a status line under the grid. */
export default function GalleryScroll({ category, filter, size, after, page, labels }: GalleryScrollProps) {
  const { locale } = useI18n()
  const [phase, setPhase] = useState<Phase>('idle')
  const sentinel = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    const spot = sentinel.current
    // ids set by src/server/pages/skins-page.tsx (GALLERY_GRID_ID, GALLERY_NEXT_ID).
    const grid = document.getElementById('gallery-grid')
    const next = document.getElementById('gallery-next') as HTMLAnchorElement | null
    if (!spot || !grid || !('IntersectionObserver' in window)) return
    let cursor: string | undefined = after
    let busy = false
    const used = new Set<string>()
    const stop = (nextLink: boolean) => {
      observer.disconnect()
      if (next) next.hidden = !nextLink
    }
    const load = async () => {
      if (busy || !cursor) return
      // A cursor seen before would loop over the same pages (reference §3.4 guards the same way).
      if (used.has(cursor)) return stop(false)
      busy = true
      used.add(cursor)
      setPhase('loading')
      try {
        const api = await loadBrowserApi()
        const answer = await api.call(category === 'popular' ? '/v2/skins/popular' : '/v2/skins', listAnswer, { query: { after: cursor, size, filter }, silent: true })
        const skins = answer?.skins ?? []
        appendCards(grid, skins, locale)
        history.replaceState(history.state, '', pageAfter(page, cursor))
        cursor = skins.length === size ? answer?.pagination?.next?.after : undefined
        if (!cursor) {
          setPhase('end')
          return stop(false)
        }
        if (next) next.href = pageAfter(page, cursor)
        setPhase('idle')
        busy = false
        // Observing anew reports at once whether the spot is still near (a short page, a tall screen).
        observer.unobserve(spot)
        observer.observe(spot)
      } catch {
        setPhase('idle')
        stop(true)
      }
    }
    const observer = new IntersectionObserver((entries) => void (entries.some((e) => e.isIntersecting) && load()), { rootMargin: '0px 0px 100% 0px' })
    if (next) next.hidden = true
    observer.observe(spot)
    return () => observer.disconnect()
  }, [category, filter, size, after, page, locale])

  return (
    <p ref={sentinel} className="gallery-scroll" role="status">
      {phase === 'loading' ? labels.loading : phase === 'end' ? labels.end : ''}
    </p>
  )
}

/**
 * The skin page's 3D viewer. Server-rendered, it is the 2D body render — the page's
 * default view and its largest paint — with a "View in 3D" button over it. The island hydrates only
 * when the visitor asks for the 3D view (the button, or a drag on the render: `hydrate-when.ts`,
 * `viewer/viewer-request.ts`); it then shows a loading state while it imports the three.js
 * module (`viewer/skin-viewer-3d.ts`, its own lazy chunk) and lays the canvas over the image in the
 * same box. Walking starts paused under prefers-reduced-motion.
 * @module
 */
import { mdiMagnifyMinusOutline, mdiMagnifyPlusOutline, mdiPause, mdiPlay, mdiRestore, mdiRotate3dVariant, mdiRotateLeft, mdiRotateRight } from '@mdi/js'
import { useEffect, useId, useRef, useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { renderUrl } from '../shared/render-url'
import { Icon } from '../shared/ui/icon'
import { isRequested, REQUESTED_ATTRIBUTE } from './viewer/viewer-request'
import type { Viewer3d } from './viewer/skin-viewer-3d'
import { webglAvailable } from './viewer/webgl-support'

/**
 * Props: the texture hashes (served same-origin at `/textures/{hash}`), the arm model and the name
 * shown. The 2D render's URL and text follow from them, so the page does not send them twice
 * (HTML ≤ 30 KB a page).
 */
export interface SkinViewerProps {
  texture: string
  cape?: string
  slim: boolean
  name: string
}

/** Size of the 2D body render in CSS pixels (the stylesheet scales it to the box). */
const RENDER_SIZE = { width: 160, height: 320 } as const

/**
 * image: the 2D render with the 3D button; loading: the 3D module is on its way; 3d: the canvas shows;
 * unavailable: no WebGL; failed: the module, the context or the texture did not load.
 */
type ViewerState = 'image' | 'loading' | '3d' | 'unavailable' | 'failed'

const TURN = Math.PI / 8

/** What the live region says in each state (nothing before the visitor asks). */
const STATUS = { loading: 'pages.skin.viewer.loading', '3d': 'pages.skin.viewer.ready', unavailable: 'pages.skin.viewer.unavailable', failed: 'pages.skin.viewer.failed' } as const

/** The 2D render, replaced in place by the 3D viewer when the visitor asks and the browser can run it. */
export default function SkinViewer({ texture, cape, slim, name }: SkinViewerProps) {
  const { t } = useI18n()
  const root = useRef<HTMLDivElement>(null)
  const host = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const viewer = useRef<Viewer3d | null>(null)
  const alive = useRef(false)
  const [state, setState] = useState<ViewerState>('image')
  const [walking, setWalking] = useState(true)
  const hintId = useId()
  const label = t('pages.skin.viewer.label', { name })

  const start = () => {
    const box = root.current
    const target = host.current
    if (state !== 'image' || !box || !target) return
    box.closest('x-island')?.setAttribute(REQUESTED_ATTRIBUTE, '')
    if (!webglAvailable()) return setState('unavailable')
    setState('loading')
    const paused = matchMedia('(prefers-reduced-motion: reduce)').matches
    setWalking(!paused)
    import('./viewer/skin-viewer-3d')
      .then(({ mountViewer3d }) => mountViewer3d(target, box, { textureUrl: `/textures/${texture}`, capeUrl: cape && `/textures/${cape}`, slim, paused, label }))
      .then((mounted) => {
        if (!alive.current) return mounted?.dispose()
        if (!mounted) return setState('failed')
        viewer.current = mounted
        mounted.canvas.setAttribute('aria-describedby', hintId)
        // A keyboard visitor on the button goes on to the canvas, which the arrow keys turn.
        if (document.activeElement === button.current) mounted.canvas.focus()
        setState('3d')
      })
      // A failed chunk or texture leaves the 2D render, which is a complete view of the skin.
      .catch(() => alive.current && setState('failed'))
  }

  // Hydrated because the visitor asked (the button or a drag, before this code had loaded): start now.
  useEffect(() => {
    alive.current = true
    if (isRequested(root.current?.closest('x-island'))) start()
    return () => {
      alive.current = false
      viewer.current?.dispose()
      viewer.current = null
    }
    // Once per mount: an island's props never change.
  }, [])

  const toggleWalk = () => {
    viewer.current?.setWalking(!walking)
    setWalking(!walking)
  }
  const active = state === '3d'
  const loading = state === 'loading'
  const status = state === 'image' ? '' : t(STATUS[state])
  return (
    <div ref={root} className="skin-viewer" data-viewer={state} data-model={slim ? 'slim' : 'default'} data-walking={active ? String(walking) : undefined} aria-busy={loading || undefined}>
      {/* The page's largest paint: fetched first among the images (docs/performance.md "What loads
          when"). Not draggable, so a drag on it asks for the 3D view instead of dragging the
          picture away. */}
      <img
        className="skin-viewer__image"
        src={renderUrl({ textureHash: texture, view: 'body', variant: slim ? 'slim' : 'classic' })}
        alt={t('pages.skin.renderAlt', { name })}
        {...RENDER_SIZE}
        fetchPriority="high"
        draggable={false}
        aria-hidden={active || undefined}
      />
      <div ref={host} className="skin-viewer__stage" />
      {/* Shown once the client has started (it does nothing without JavaScript); `data-wake` lets the
          client entry keep a click made before this island has loaded (client.ts). Both labels are in
          the HTML: the stylesheet shows the second once the island is asked for, before its code is here. */}
      {(state === 'image' || loading) && (
        <button ref={button} type="button" className="skin-viewer__start" data-client-only="" data-wake="" aria-disabled={loading || undefined} onClick={start}>
          <Icon path={mdiRotate3dVariant} />
          <span className="skin-viewer__ask">{t('pages.skin.viewer.start')}</span>
          <span className="skin-viewer__wait">{t('pages.skin.viewer.loading')}</span>
        </button>
      )}
      {/* In the server HTML, empty, so screen readers know the region before it speaks. */}
      <p className={state === 'failed' || state === 'unavailable' ? 'skin-viewer__status' : 'visually-hidden'} role="status">
        {status}
      </p>
      {active && (
        <>
          <p id={hintId} className="visually-hidden">
            {t('pages.skin.viewer.hint')}
          </p>
          <div className="skin-viewer__controls" role="toolbar" aria-label={t('pages.skin.viewer.controls')}>
            <button type="button" className="icon-button icon-button--small" aria-pressed={walking} title={t('pages.skin.viewer.walk')} onClick={toggleWalk}>
              <Icon path={walking ? mdiPause : mdiPlay} label={t('pages.skin.viewer.walk')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.turnLeft')} onClick={() => viewer.current?.turn(-TURN)}>
              <Icon path={mdiRotateLeft} label={t('pages.skin.viewer.turnLeft')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.turnRight')} onClick={() => viewer.current?.turn(TURN)}>
              <Icon path={mdiRotateRight} label={t('pages.skin.viewer.turnRight')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.zoomIn')} onClick={() => viewer.current?.zoomBy(1.2)}>
              <Icon path={mdiMagnifyPlusOutline} label={t('pages.skin.viewer.zoomIn')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.zoomOut')} onClick={() => viewer.current?.zoomBy(1 / 1.2)}>
              <Icon path={mdiMagnifyMinusOutline} label={t('pages.skin.viewer.zoomOut')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.reset')} onClick={() => viewer.current?.reset()}>
              <Icon path={mdiRestore} label={t('pages.skin.viewer.reset')} />
            </button>
          </div>
        </>
      )}
    </div>
  )
}

/**
 * The skin page's 3D viewer (issue 8 point 1). Server-rendered, it is the 2D body render — the view
 * without JavaScript or WebGL. After hydration, once the page has loaded and is idle (or the visitor
 * reaches for it), it imports the three.js module (`viewer/skin-viewer-3d.ts`, its own lazy chunk) and
 * lays the canvas over the image in the same box. Walking starts paused under prefers-reduced-motion.
 * @module
 */
import { mdiMagnifyMinusOutline, mdiMagnifyPlusOutline, mdiPause, mdiPlay, mdiRestore, mdiRotateLeft, mdiRotateRight } from '@mdi/js'
import { useEffect, useId, useRef, useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { Icon } from '../shared/ui/icon'
import { startWhenIdle } from './viewer/start-when-idle'
import type { Viewer3d } from './viewer/skin-viewer-3d'
import { webglAvailable } from './viewer/webgl-support'

/** Props: the textures (same-origin), the arm model, and the 2D render the server shows. */
export interface SkinViewerProps {
  textureUrl: string
  capeUrl?: string
  slim: boolean
  name: string
  /** Alternative text of the 2D render. */
  alt: string
  renderUrl: string
  width: number
  height: number
}

/** image: the 2D render only; loading: the 3D module is on its way; 3d: the canvas shows; unavailable: no WebGL. */
type ViewerState = 'image' | 'loading' | '3d' | 'unavailable'

const TURN = Math.PI / 8

/** The 2D render, replaced in place by the 3D viewer when the browser can run it. */
export default function SkinViewer({ textureUrl, capeUrl, slim, name, alt, renderUrl, width, height }: SkinViewerProps) {
  const { t } = useI18n()
  const root = useRef<HTMLDivElement>(null)
  const host = useRef<HTMLDivElement>(null)
  const viewer = useRef<Viewer3d | null>(null)
  const [state, setState] = useState<ViewerState>('image')
  const [walking, setWalking] = useState(true)
  const hintId = useId()
  const label = t('pages.skin.viewer.label', { name })

  useEffect(() => {
    const box = root.current
    const target = host.current
    if (!box || !target) return
    let disposed = false
    const cancel = startWhenIdle(box, () => {
      if (!webglAvailable()) return setState('unavailable')
      setState('loading')
      const paused = matchMedia('(prefers-reduced-motion: reduce)').matches
      setWalking(!paused)
      import('./viewer/skin-viewer-3d')
        .then(({ mountViewer3d }) => mountViewer3d(target, box, { textureUrl, capeUrl, slim, paused, label }))
        .then((mounted) => {
          if (disposed) return mounted?.dispose()
          viewer.current = mounted
          if (mounted) mounted.canvas.setAttribute('aria-describedby', hintId)
          setState(mounted ? '3d' : 'unavailable')
        })
        // A failed chunk or texture leaves the 2D render, which is a complete view of the skin.
        .catch(() => !disposed && setState('unavailable'))
    })
    return () => {
      disposed = true
      cancel()
      viewer.current?.dispose()
      viewer.current = null
    }
  }, [textureUrl, capeUrl, slim, label, hintId])

  const toggleWalk = () => {
    viewer.current?.setWalking(!walking)
    setWalking(!walking)
  }
  const active = state === '3d'
  return (
    <div ref={root} className="skin-viewer" data-viewer={state} data-model={slim ? 'slim' : 'default'} data-walking={active ? String(walking) : undefined}>
      {/* The page's largest paint: fetched first among the images (issue 11 point 1). */}
      <img className="skin-viewer__image" src={renderUrl} alt={alt} width={width} height={height} fetchPriority="high" aria-hidden={active || undefined} />
      <div ref={host} className="skin-viewer__stage" />
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

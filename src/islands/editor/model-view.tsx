/**
 * The 3D view's place in the island: loads the 3D module (`editor-3d.ts`, with three.js its own lazy
 * chunk that only /editor fetches) once WebGL is known to work, hands it the texture canvas and the
 * paint callbacks, and offers pose, turn, zoom and reset. Without WebGL, or when the chunk fails, a
 * short message stands in its place and the texture view does all the work.
 * @module
 */
import { mdiMagnifyMinusOutline, mdiMagnifyPlusOutline, mdiRestore, mdiRotateLeft, mdiRotateRight } from '@mdi/js'
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { Layer, Model } from '../../shared/skin-editor/texture'
import type { PartName } from '../../shared/skin/skin-model'
import { Icon } from '../../shared/ui/icon'
import { webglAvailable } from '../viewer/webgl-support'
import type { Editor3d } from './editor-3d'
import { POSE_LABEL } from './editor-labels'
import { POSES, type Pose } from './poses'

export { POSES, type Pose } from './poses'

/** Which part layers the 3D view shows. */
export type Visibility = Record<PartName, Record<Layer, boolean>>

/** Props of {@link ModelView}. */
export interface ModelViewProps {
  /** The view is on screen: the 3D module loads the first time it is (on a phone, when its tab is first chosen). */
  active: boolean
  texture: HTMLCanvasElement
  model: Model
  layer: Layer
  pose: Pose
  onPose(pose: Pose): void
  visibility: Visibility
  /** A paint gesture on the model (the texel under the pointer, null off the model; the pointer event's time stamp). */
  onPaint(phase: 'start' | 'move' | 'end', texel: { x: number; y: number } | null, timeStamp: number): void
  /** The texel under a hovering mouse or pen changed (null: off the model). */
  onHover?(texel: { x: number; y: number } | null): void
}

/** What the island asks of the 3D view. */
export interface ModelViewHandle {
  /** The texture canvas changed: draw it now (called from the island's paint frame). */
  textureChanged(): void
  /** The view's box changed size (a tab switch showed it). */
  resize(): void
}

type State = 'loading' | 'ready' | 'unavailable' | 'failed'

/** CSS pixels the view controls take along the bottom of the view (a 32 px row, its frame and 8 px below) plus a margin. */
const CONTROLS_INSET = 58
const TURN = Math.PI / 8
const ZOOM = 1.2

/** The 3D view. */
export const ModelView = forwardRef<ModelViewHandle, ModelViewProps>(function ModelView(props, ref) {
  const { t } = useI18n()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<Editor3d | null>(null)
  const latest = useRef(props)
  latest.current = props
  const [state, setState] = useState<State>('loading')
  const hintId = useId()

  useImperativeHandle(ref, () => ({ textureChanged: () => view.current?.textureChanged(), resize: () => view.current?.resize() }), [])

  // On a phone the 3D view is a tab: its half-megabyte of three.js loads when the visitor first opens it.
  const [wanted, setWanted] = useState(props.active)
  useEffect(() => {
    if (props.active) setWanted(true)
  }, [props.active])

  useEffect(() => {
    const target = host.current
    if (!target || !wanted) return
    if (!webglAvailable()) return setState('unavailable')
    let alive = true
    import('./editor-3d')
      .then(({ mountEditor3d }) =>
        mountEditor3d(target, {
          texture: latest.current.texture,
          model: latest.current.model,
          layer: latest.current.layer,
          pose: latest.current.pose,
          label: t('editor.views.modelLabel'),
          onPaint: (phase, texel, timeStamp) => latest.current.onPaint(phase, texel, timeStamp),
          onHover: (hit) => latest.current.onHover?.(hit),
          // The view's controls lie over its bottom edge: the home view keeps the feet above them.
          homeInsets: { bottom: CONTROLS_INSET },
        }),
      )
      .then((mounted) => {
        if (!alive) return mounted?.dispose()
        if (!mounted) return setState('unavailable')
        view.current = mounted
        mounted.canvas.setAttribute('aria-describedby', hintId)
        const { visibility } = latest.current
        for (const part of Object.keys(visibility) as PartName[]) for (const layer of ['base', 'overlay'] as const) mounted.setVisible(part, layer, visibility[part][layer])
        mounted.textureChanged()
        setState('ready')
      })
      .catch((error: unknown) => {
        console.warn('[editor] 3D view', error)
        if (alive) setState('failed')
      })
    return () => {
      alive = false
      view.current?.dispose()
      view.current = null
    }
    // Once, when first wanted; later changes go through the effects below.
  }, [wanted])

  useEffect(() => view.current?.setModel(props.model), [props.model, state])
  useEffect(() => view.current?.setActiveLayer(props.layer), [props.layer, state])
  useEffect(() => view.current?.setPose(props.pose), [props.pose, state])
  useEffect(() => {
    const v = view.current
    if (!v) return
    for (const part of Object.keys(props.visibility) as PartName[]) for (const layer of ['base', 'overlay'] as const) v.setVisible(part, layer, props.visibility[part][layer])
  }, [props.visibility, state])

  const ready = state === 'ready'
  const message = state === 'loading' ? t('editor.views.modelLoading') : state === 'unavailable' ? t('editor.views.modelUnavailable') : state === 'failed' ? t('editor.views.modelFailed') : ''
  return (
    <div className="editor-model" data-state={state}>
      <div ref={host} className="editor-model__stage" />
      <p id={hintId} className="visually-hidden">
        {t('editor.views.modelHint')}
      </p>
      <p className={ready ? 'visually-hidden' : 'editor-model__status'} role="status">
        {message}
      </p>
      {ready && (
        <div className="editor-view-controls" role="toolbar" aria-label={t('editor.views.modelControls')}>
          <label className="editor-view-controls__pose">
            <span className="visually-hidden">{t('editor.views.pose')}</span>
            <select className="select editor-view-controls__select" value={props.pose} onChange={(event) => props.onPose(event.target.value as Pose)} aria-keyshortcuts="P">
              {POSES.map((pose) => (
                <option key={pose} value={pose}>
                  {t(POSE_LABEL[pose])}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="icon-button icon-button--small" title={t('editor.views.turnLeft')} aria-label={t('editor.views.turnLeft')} onClick={() => view.current?.turn(-TURN)}>
            <Icon path={mdiRotateLeft} />
          </button>
          <button type="button" className="icon-button icon-button--small" title={t('editor.views.turnRight')} aria-label={t('editor.views.turnRight')} onClick={() => view.current?.turn(TURN)}>
            <Icon path={mdiRotateRight} />
          </button>
          <button type="button" className="icon-button icon-button--small" title={t('editor.views.zoomOut')} aria-label={t('editor.views.zoomOut')} onClick={() => view.current?.zoomBy(1 / ZOOM)}>
            <Icon path={mdiMagnifyMinusOutline} />
          </button>
          <button type="button" className="icon-button icon-button--small" title={t('editor.views.zoomIn')} aria-label={t('editor.views.zoomIn')} onClick={() => view.current?.zoomBy(ZOOM)}>
            <Icon path={mdiMagnifyPlusOutline} />
          </button>
          <button type="button" className="icon-button icon-button--small" title={t('editor.views.resetView')} aria-label={t('editor.views.resetView')} onClick={() => view.current?.reset()}>
            <Icon path={mdiRestore} />
          </button>
        </div>
      )}
    </div>
  )
})

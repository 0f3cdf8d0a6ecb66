/**
 * The cape preview's 3D view: on request ("View in 3D"), the skin page's viewer module
 * (src/islands/viewer/skin-viewer-3d.ts, three.js, its own lazy chunk) shows a player wearing the
 * chosen cape, turned so the cape faces the camera. The player wears the first file the visitor
 * picked or dropped (an object URL of it, revoked once the viewer has read it), else a plain skin
 * (plain-skin.ts). As on the skin page (src/islands/skin-viewer.tsx): the walk
 * starts paused under prefers-reduced-motion, a browser without WebGL or a failed load gets a short
 * message (the 2D picture beside stays), the state is announced in a live region, and the canvas
 * and its controls work by keyboard.
 * @module
 */
import { mdiPause, mdiPlay, mdiRestore, mdiRotate3dVariant, mdiRotateLeft, mdiRotateRight } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { Translate } from '../../shared/i18n/translator'
import { textureAddress } from '../../shared/skin/texture-address'
import { $uploadFiles, type GenerateForm } from '../../shared/stores/generate-form'
import { Icon } from '../../shared/ui/icon'
import type { Viewer3d } from '../viewer/skin-viewer-3d'
import { webglAvailable } from '../viewer/webgl-support'
import { plainSkinUrl } from './plain-skin'

/** Props of {@link Cape3d}. */
export interface Cape3dProps {
  /** The cape's texture hash. */
  hash: string
  alias: string
  variant: GenerateForm['variant']
  t: Translate
}

/** closed: not asked for; loading: the module or the textures are on their way; 3d: the canvas shows. */
type State = 'closed' | 'loading' | '3d' | 'unavailable' | 'failed'

/** What the live region says in each state (the same words as the skin page's viewer). */
const STATUS = { loading: 'pages.skin.viewer.loading', '3d': 'pages.skin.viewer.ready', unavailable: 'pages.skin.viewer.unavailable', failed: 'pages.skin.viewer.failed' } as const

const TURN = Math.PI / 8

/** The "View in 3D" toggle, the 3D stage and its controls. */
export function Cape3d({ hash, alias, variant, t }: Cape3dProps) {
  const files = useStore($uploadFiles)
  // The first file that passed the browser's check: what the visitor is about to sign.
  const file = files.find((entry) => entry.checked && !entry.problem)?.file
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<State>('closed')
  const [walking, setWalking] = useState(true)
  const box = useRef<HTMLDivElement>(null)
  const host = useRef<HTMLDivElement>(null)
  const viewer = useRef<Viewer3d | null>(null)
  // Set by the click that opens the view: the stage then scrolls into sight (a phone shows the toggle at
  // the bottom of the screen), and no later remount (another file, model or cape) moves the page.
  const opening = useRef(false)
  const id = useId()
  const label = t(file ? 'capePreview.label' : 'capePreview.labelPlain', { alias })

  // (Re)mounts the viewer while open, for this cape, file and model; disposes it when any changes.
  useEffect(() => {
    const target = host.current
    const frame = box.current
    if (!open || !target || !frame) return setState('closed')
    if (!webglAvailable()) return setState('unavailable')
    if (opening.current) frame.scrollIntoView({ block: 'nearest' })
    opening.current = false
    let live = true
    const paused = matchMedia('(prefers-reduced-motion: reduce)').matches
    setWalking(!paused)
    setState('loading')
    const own = file ? URL.createObjectURL(file) : null
    const free = () => own && URL.revokeObjectURL(own)
    // Static, not a chunk of its own: every lazy chunk adds an entry to the client's chunk map, which
    // every page loads (the home page's JavaScript budget, DESIGN.md §4).
    const textureUrl = own ?? plainSkinUrl(variant === 'slim' ? 'slim' : 'classic')
    import('../viewer/skin-viewer-3d')
      .then(({ mountViewer3d }) =>
        mountViewer3d(target, frame, { textureUrl, capeUrl: textureAddress(hash), slim: variant === 'slim', detectModel: Boolean(own) && variant === 'unknown', fromBehind: true, paused, label }),
      )
      .then((mounted) => {
        // The viewer has decoded the skin: the object URL has done its work.
        free()
        if (!live) return mounted?.dispose()
        if (!mounted) return setState('failed')
        viewer.current = mounted
        mounted.canvas.setAttribute('aria-describedby', `${id}-hint`)
        setState('3d')
      })
      .catch(() => {
        free()
        if (live) setState('failed')
      })
    return () => {
      live = false
      free()
      viewer.current?.dispose()
      viewer.current = null
    }
    // The label follows from file and alias, both in the list.
  }, [open, file, hash, alias, variant])

  const toggle = () => {
    opening.current = !open
    setOpen(!open)
  }
  const toggleWalk = () => {
    viewer.current?.setWalking(!walking)
    setWalking(!walking)
  }
  const shown = state === '3d'
  // Laid out from the click on, so the viewer is made at the stage's size.
  const stage = open && state !== 'unavailable' && state !== 'failed'
  return (
    <div className="cape-3d" data-state={state}>
      <button type="button" className="button button--small cape-3d__toggle" aria-expanded={open} aria-controls={`${id}-stage`} onClick={toggle}>
        <Icon path={mdiRotate3dVariant} />
        {open ? t('capePreview.hide') : t('pages.skin.viewer.start')}
      </button>
      <p className={state === 'unavailable' || state === 'failed' ? 'field-hint field-hint--error' : 'visually-hidden'} role="status">
        {state === 'closed' ? '' : t(STATUS[state])}
      </p>
      <div ref={box} id={`${id}-stage`} className="cape-3d__stage" hidden={!stage} aria-busy={state === 'loading' || undefined}>
        <div ref={host} className="cape-3d__host" />
        {/* Seen where the player will stand; the live region above says it. */}
        {state === 'loading' && (
          <p className="cape-3d__loading" aria-hidden="true">
            {t('pages.skin.viewer.loading')}
          </p>
        )}
        {/* The skin page viewer's buttons, less zoom. Not a shared component: a module both lazy chunks
            import would be split into a chunk of its own, listed in the chunk map every page loads. */}
        {shown && (
          <div className="cape-3d__controls" role="toolbar" aria-label={t('pages.skin.viewer.controls')}>
            <button type="button" className="icon-button icon-button--small" aria-pressed={walking} title={t('pages.skin.viewer.walk')} onClick={toggleWalk}>
              <Icon path={walking ? mdiPause : mdiPlay} label={t('pages.skin.viewer.walk')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.turnLeft')} onClick={() => viewer.current?.turn(-TURN)}>
              <Icon path={mdiRotateLeft} label={t('pages.skin.viewer.turnLeft')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.turnRight')} onClick={() => viewer.current?.turn(TURN)}>
              <Icon path={mdiRotateRight} label={t('pages.skin.viewer.turnRight')} />
            </button>
            <button type="button" className="icon-button icon-button--small" title={t('pages.skin.viewer.reset')} onClick={() => viewer.current?.reset()}>
              <Icon path={mdiRestore} label={t('pages.skin.viewer.reset')} />
            </button>
          </div>
        )}
      </div>
      {shown && (
        <p id={`${id}-hint`} className="field-hint field-hint--muted">
          {file ? t('pages.skin.viewer.hint') : `${t('capePreview.plainSkin')} ${t('pages.skin.viewer.hint')}`}
        </p>
      )}
    </div>
  )
}

/**
 * The skin editor once its strings are here: one {@link EditSession} (the texture, its model, its
 * history), a 64×64 canvas the texture is drawn into, and around it the tool bar, the 3D and 2D views
 * (side by side from 900 px, tabs below), and the side panel. A paint input from either view goes
 * through the session into the current stroke; one animation frame then draws the texture canvas, the
 * 2D view and the 3D view (`paint-frame.ts`). Every change is saved as a draft in IndexedDB shortly
 * after (`drafts.ts`); the last draft comes back on the next visit unless the page asks for a source.
 * @module
 */
import { mdiClose } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import { skinPath } from '../../shared/routes'
import { encodeSkinPng } from '../../shared/skin-editor/codec'
import { blankTemplate } from '../../shared/skin-editor/convert'
import { PART_NAMES } from '../../shared/skin-editor/layout'
import { mirrorTexel } from '../../shared/skin-editor/mirror'
import { skinPalette } from '../../shared/skin-editor/palette'
import { brushTexels } from '../../shared/skin-editor/tools'
import { colorToHex, hexToColor, type Layer, type Model } from '../../shared/skin-editor/texture'
import { signingWarnings } from '../../shared/skin-editor/warnings'
import type { PartName } from '../../shared/skin/skin-model'
import { $auth, hasGrant } from '../../shared/stores/auth'
import { Icon } from '../../shared/ui/icon'
import { ColourPicker } from './colour-picker'
import { DraftKeeper, type DraftInfo } from './drafts'
import { DraftsPanel, type DraftSummary } from './drafts-panel'
import { EditSession, type InputResult } from './edit-session'
import { LAYER_LABEL, MODEL_LABEL, PART_LABEL, sourceErrorKey, VIEW_LABEL } from './editor-labels'
import { $editorSettings, patchEditorSettings, withRecent } from './editor-settings'
import { HelpDialog, type HelpDialogHandle } from './help-dialog'
import { HoverReadout, type HoverReadoutHandle } from './hover-readout'
import { LayerPanel, ModelPanel } from './layer-model-panel'
import { ModelView, POSES, type ModelViewHandle, type Pose, type Visibility } from './model-view'
import { OpenPanel } from './open-panel'
import { PaintFrames, type InputSource } from './paint-frame'
import { PanelSection } from './panel-section'
import type { SkinEditorProps } from './props'
import { useMedia } from './use-media'
import { useShortcuts } from './use-shortcuts'
import { SignPanel, type SignPhase, type SignVisibility } from './sign-panel'
import { loadFile, loadSource, SourceError, type LoadedSkin, type SourceRequest } from './sources'
import { useCountdown } from './use-countdown'
import { TextureView, type TextureViewHandle } from './texture-view'
import { thumbnailDataUrl } from './thumbnail'
import { ToolBar } from './tool-bar'
import { brushSize, type Tool } from './tools'
import { ALL_VISIBLE, VisibilityPanel } from './visibility-panel'

type Point = [number, number]

/** Tools that lay down the paint colour (it joins the recent colours when a stroke ends). */
const COLOUR_TOOLS: ReadonlySet<Tool> = new Set<Tool>(['pencil', 'line', 'fill'])

/** The width from which both views show side by side (the stylesheet's breakpoint too). */
const WIDE = '(min-width: 900px)'

/** A message over the editor. */
interface Notice {
  text: string
  tone: 'info' | 'error'
}

/** The editor. */
export function EditorApp({ source, defaultName, privateFlag, blank, accountUrl }: SkinEditorProps) {
  const i18n = useI18n()
  const { t, locale } = i18n
  const settings = useStore($editorSettings)
  const auth = useStore($auth)
  const ids = useId()

  // --- the texture and its views ----------------------------------------------------------------
  const textureCanvas = useMemo(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 64
    return canvas
  }, [])
  const session = useRef(new EditSession(blankTemplate('classic'), 'classic')).current
  const view2d = useRef<TextureViewHandle>(null)
  const view3d = useRef<ModelViewHandle>(null)
  const help = useRef<HelpDialogHandle>(null)
  const readout = useRef<HoverReadoutHandle>(null)
  const frames = useMemo(
    () =>
      new PaintFrames(() => {
        const ctx = textureCanvas.getContext('2d')
        ctx?.putImageData(new ImageData(session.texture.rgba as Uint8ClampedArray<ArrayBuffer>, 64, 64), 0, 0)
        view2d.current?.draw()
        view3d.current?.textureChanged()
      }),
    [session, textureCanvas],
  )

  const [model, setModel] = useState<Model>('classic')
  const [layer, setLayer] = useState<Layer>('base')
  const [steps, setSteps] = useState({ canUndo: false, canRedo: false })
  const [palette, setPalette] = useState<string[]>([])
  const [view, setView] = useState<'model' | 'texture'>('texture')
  const [pose, setPose] = useState<Pose>('stand')
  const [visibility, setVisibility] = useState<Visibility>(ALL_VISIBLE)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [said, setSaid] = useState('')
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  // The skin just signed while the editor stays on it (a linked Minecraft account: "Wear this skin");
  // cleared by the next change, after which the drawing is no longer that skin.
  const [signed, setSigned] = useState<string>()
  const wide = useMedia(WIDE)

  // Handlers read the latest state through this ref: painting never waits for a render.
  const live = useRef({ settings, layer, model })
  live.current = { settings, layer, model }

  // --- drafts -----------------------------------------------------------------------------------
  const [info, setInfo] = useState<DraftInfo>({ id: '', name: defaultName ?? '', model: 'classic', createdAt: 0 })
  const [drafts, setDrafts] = useState<DraftSummary[]>([])
  const [storage, setStorage] = useState(true)
  const [savedAt, setSavedAt] = useState<number>()
  const keeper = useMemo(
    () =>
      new DraftKeeper({
        session,
        thumbnail: (m) => thumbnailDataUrl(textureCanvas, m),
        beforeRead: () => frames.flush(),
        onList: setDrafts,
        onSaved: setSavedAt,
        onUnavailable: () => setStorage(false),
        onError: (error) => setNotice({ text: t('editor.drafts.saveFailed', { message: error instanceof Error ? error.message : String(error) }), tone: 'error' }),
      }),
    [session, textureCanvas, frames, t],
  )

  /** The texture, model or history changed outside a paint frame: redraw, refresh the buttons and the palette, save soon. */
  const changed = useCallback(
    (save = true) => {
      setSigned(undefined)
      frames.request()
      setSteps({ canUndo: session.history.canUndo, canRedo: session.history.canRedo })
      setPalette(skinPalette(session.texture, 24).map(colorToHex))
      if (save) keeper.changed()
    },
    [frames, session, keeper],
  )

  /** Shows a freshly opened texture (a source, a draft, a blank one). */
  const show = useCallback(
    (next: DraftInfo) => {
      setInfo(next)
      setModel(session.model)
      changed(false)
    },
    [session, changed],
  )

  const sourceText = useCallback((error: unknown) => {
    const reason = error instanceof SourceError ? t(sourceErrorKey(error.code)) : error instanceof Error ? error.message : String(error)
    return t('editor.errors.notOpened', { reason })
  }, [t])

  /** Opens a loaded skin as a new draft (what was open stays in the drafts). */
  const openLoaded = useCallback(
    async (loaded: LoadedSkin) => {
      await keeper.flush()
      const next = keeper.start(loaded.texture, loaded.model, { name: loaded.name, remixOf: loaded.remixOf })
      show(next)
      keeper.changed()
      const opened = loaded.name ? t('editor.open.opened', { name: loaded.name }) : t('editor.open.openedUnnamed')
      setNotice({ text: loaded.legacy ? `${opened} ${t('editor.open.legacy')}` : opened, tone: 'info' })
    },
    [keeper, show, t],
  )

  const open = useCallback(
    async (load: () => Promise<LoadedSkin>) => {
      setBusy(true)
      setNotice(null)
      setSaid(t('editor.open.opening'))
      try {
        await openLoaded(await load())
      } catch (error) {
        setNotice({ text: sourceText(error), tone: 'error' })
        // The notice sits above the views; a visitor scrolled down to the Open section would not see it.
        requestAnimationFrame(() => document.querySelector('.editor__notice')?.scrollIntoView({ block: 'nearest' }))
      } finally {
        setBusy(false)
      }
    },
    [openLoaded, sourceText, t],
  )

  // First load: the source the page asks for, else the last draft, else a blank skin.
  useEffect(() => {
    document.getElementById('editor-status')?.remove()
    let alive = true
    const start = async () => {
      if (source) {
        setBusy(true)
        try {
          const loaded = await loadSource(source as SourceRequest)
          if (!alive) return
          await openLoaded({ ...loaded, name: loaded.name || defaultName || '' })
          // The copy is a draft now: a reload must bring that draft back, not open the source afresh over it.
          const url = new URL(location.href)
          for (const name of ['skin', 'player', 'url']) url.searchParams.delete(name)
          history.replaceState(history.state, '', url)
          return
        } catch (error) {
          if (alive) setNotice({ text: sourceText(error), tone: 'error' })
        } finally {
          if (alive) setBusy(false)
        }
      }
      // A query the page could not open says "a blank skin": keep that word, the drafts stay listed.
      const restored = blank ? null : await keeper.restore()
      if (!alive) return
      if (restored) {
        show(restored)
        if (!source) setNotice({ text: t('editor.drafts.restored'), tone: 'info' })
      } else show(keeper.start(blankTemplate('classic'), 'classic', { name: defaultName ?? '' }))
    }
    void start()
    const save = () => {
      // Synchronous first: the IndexedDB write below may not finish before the page is gone.
      keeper.keepUnsaved()
      void keeper.flush()
    }
    const hidden = () => document.visibilityState === 'hidden' && save()
    window.addEventListener('pagehide', save)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      alive = false
      window.removeEventListener('pagehide', save)
      document.removeEventListener('visibilitychange', hidden)
      save()
      frames.dispose()
    }
    // Once per mount: an island's props never change.
  }, [])

  // --- painting ---------------------------------------------------------------------------------
  const gestureSettings = () => {
    const { settings: s, layer: l } = live.current
    return { tool: s.tool, layer: l, mirror: s.mirror, color: hexToColor(s.color) ?? 0xff, size: s.size, fillMode: s.fillMode }
  }
  const apply = (result: InputResult, from: InputSource, timeStamp: number) => {
    if (result.picked !== undefined) patchEditorSettings({ color: colorToHex(result.picked) })
    if (result.changed) frames.request(from, timeStamp)
  }
  const begin = (texel: Point | null, timeStamp: number, from: InputSource) => {
    const result = session.begin(texel, gestureSettings())
    apply(result, from, timeStamp)
    if (result.picked !== undefined) setSaid(t('editor.status.picked', { hex: colorToHex(result.picked) }))
  }
  const move = (texel: Point | null, timeStamp: number, from: InputSource) => {
    const s = live.current.settings
    apply(session.move(texel, { sameFaceOnly: from === '3d', eyedropper: s.tool === 'eyedropper' ? gestureSettings() : undefined }), from, timeStamp)
  }
  const end = () => {
    if (!session.end()) return
    const s = live.current.settings
    if (COLOUR_TOOLS.has(s.tool)) patchEditorSettings({ recent: withRecent(s.recent, s.color) })
    changed()
  }
  const cancel = () => {
    if (session.cancel()) frames.request()
  }
  const onPaint3d = (phase: 'start' | 'move' | 'end', texel: { x: number; y: number } | null, timeStamp: number) => {
    const point: Point | null = texel ? [texel.x, texel.y] : null
    if (phase === 'start') begin(point, timeStamp, '3d')
    else if (phase === 'move') move(point, timeStamp, '3d')
    else {
      if (point) move(point, timeStamp, '3d')
      end()
    }
  }
  /** The texel under the pointer on either view, for the read-out under them. */
  const hoverAt = (texel: Point | null) => readout.current?.show(texel, live.current.model)
  const brushAt = (texel: Point) => {
    const { settings: s, layer: l, model: m } = live.current
    const texels = s.tool === 'fill' || s.tool === 'eyedropper' ? (brushTexels(texel[0], texel[1], { model: m, layer: l, size: 1 }) as Point[]) : (brushTexels(texel[0], texel[1], { model: m, layer: l, size: s.size }) as Point[])
    const mirrored = s.mirror && s.tool !== 'eyedropper' ? texels.map(([x, y]) => mirrorTexel(x, y, m)).filter((p): p is Point => p !== null) : []
    return { texels, mirrored }
  }

  // --- actions ----------------------------------------------------------------------------------
  const say = (text: string) => setSaid(text)
  const undo = () => {
    const step = session.undo()
    if (!step) return
    if (step.model) setModel(step.model)
    changed()
    say(t('editor.status.undone'))
  }
  const redo = () => {
    const step = session.redo()
    if (!step) return
    if (step.model) setModel(step.model)
    changed()
    say(t('editor.status.redone'))
  }
  const switchModel = (next: Model) => {
    if (!session.setModel(next)) return
    setModel(next)
    changed()
    say(t('editor.status.model', { model: t(MODEL_LABEL[next]) }))
  }
  const switchLayer = (next: Layer) => {
    setLayer(next)
    say(t('editor.status.layer', { layer: t(LAYER_LABEL[next]) }))
  }
  const toggleMirror = () => {
    const mirror = !live.current.settings.mirror
    patchEditorSettings({ mirror })
    say(t(mirror ? 'editor.status.mirrorOn' : 'editor.status.mirrorOff'))
  }
  const setTool = (tool: Tool) => patchEditorSettings({ tool })
  const setColour = (hex: string) => patchEditorSettings({ color: hex })
  const nextPose = () => setPose((current) => POSES[(POSES.indexOf(current) + 1) % POSES.length]!)
  const switchView = (next: 'model' | 'texture') => {
    setView(next)
    // The view just shown had no size while hidden.
    requestAnimationFrame(() => (next === 'model' ? view3d.current?.resize() : frames.request()))
  }

  const download = () => {
    frames.flush()
    const png = encodeSkinPng(session.texture)
    const url = URL.createObjectURL(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'skin.png'
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  useShortcuts({
    tool: setTool,
    undo,
    redo,
    mirror: toggleMirror,
    swapLayer: () => switchLayer(live.current.layer === 'base' ? 'overlay' : 'base'),
    size: (by) => patchEditorSettings({ size: brushSize(live.current.settings.size + by) }),
    fillMode: () => {
      const modes = ['connected', 'face', 'colour'] as const
      patchEditorSettings({ tool: 'fill', fillMode: modes[(modes.indexOf(live.current.settings.fillMode) + 1) % modes.length]! })
    },
    zoom: (by) => view2d.current?.zoom(by),
    fit: () => view2d.current?.fit(),
    swapView: () => switchView(view === 'model' ? 'texture' : 'model'),
    pose: nextPose,
    download,
    help: () => help.current?.open(),
  })

  // Paste an image anywhere on the page (text pastes go to the focused field as usual).
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const image = [...(event.clipboardData?.files ?? [])].find((file) => file.type.startsWith('image/'))
      if (!image) return
      event.preventDefault()
      void open(() => loadFile(image))
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [open])

  const onDragOver = (event: DragEvent) => {
    if (![...event.dataTransfer.types].includes('Files')) return
    event.preventDefault()
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (!file) return
    event.preventDefault()
    void open(() => loadFile(file))
  }

  // --- drafts panel -----------------------------------------------------------------------------
  const openDraft = async (id: string) => {
    if (id === info.id || busy) return
    await keeper.flush()
    const opened = await keeper.open(id).catch(() => null)
    if (!opened) return setNotice({ text: t('editor.errors.notOpened', { reason: t('editor.errors.bad_png') }), tone: 'error' })
    setNotice(null)
    show(opened)
  }
  const deleteDraft = async (id: string) => {
    await keeper.remove(id)
    say(t('editor.drafts.deleted'))
  }
  const newSkin = async (next: Model) => {
    await keeper.flush()
    show(keeper.start(blankTemplate(next), next, { name: '' }))
    setNotice({ text: t('editor.open.openedBlank'), tone: 'info' })
  }
  const rename = (name: string) => {
    setInfo((current) => ({ ...current, name }))
    keeper.rename(name)
  }

  // --- signing ----------------------------------------------------------------------------------
  const [signVisibility, setSignVisibility] = useState<SignVisibility>('public')
  const [signState, setSignState] = useState<{ phase: SignPhase; message?: string }>({ phase: 'idle' })
  const [retryAt, setRetryAt] = useState(0)
  const retryIn = useCountdown(retryAt)
  const allowPrivate = !!privateFlag && hasGrant(auth, 'private_skins')
  const stopWatching = useRef<(() => void) | null>(null)
  useEffect(() => () => stopWatching.current?.(), [])

  const sign = async () => {
    setSigned(undefined)
    setSignState({ phase: 'sending' })
    try {
      frames.flush()
      await keeper.flush()
      const [{ sendForSigning, whenJobFinished }, api] = await Promise.all([import('./sign'), import('../load-api').then((m) => m.loadBrowserApi())])
      const name = info.name.trim()
      const outcome = await sendForSigning(
        encodeSkinPng(session.texture),
        { visibility: allowPrivate || signVisibility !== 'private' ? signVisibility : 'public', variant: session.model, name: name || undefined, remixOf: info.remixOf?.uuid },
        name,
        { api, i18n, now: Date.now, wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
      )
      if (outcome.kind === 'limited') {
        setRetryAt(outcome.retryAt)
        return setSignState({ phase: 'idle' })
      }
      if (outcome.kind === 'refused') return setSignState({ phase: 'failed', message: outcome.message })
      setSignState({ phase: 'queued' })
      stopWatching.current?.()
      stopWatching.current = whenJobFinished(outcome.entry.job.id, (entry) => {
        if (entry.job.status === 'completed' && entry.skin) {
          // "Wear it": with a linked Minecraft account the editor stays, so the visitor can wear the
          // skin at once and go on editing; otherwise it opens the new skin's page (docs/features.md).
          if (accountUrl && $auth.get().minecraft) {
            setSigned(entry.skin)
            return setSignState({ phase: 'idle' })
          }
          setSignState({ phase: 'done' })
          location.assign(skinPath(entry.skin, locale))
        } else {
          setSignState({ phase: 'failed', message: entry.errors.map((e) => e.message).join(' ') || entry.job.status })
        }
      })
    } catch (error) {
      setSignState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  // --- layout -----------------------------------------------------------------------------------
  const labels = useMemo(() => {
    const of = (l: Layer) => Object.fromEntries(PART_NAMES.map((part) => [part, t(PART_LABEL[l][part])])) as Record<PartName, string>
    return { base: of('base'), overlay: of('overlay') }
  }, [t])
  const textureHint = `${ids}-texture-hint`
  const tabId = (name: string) => `${ids}-tab-${name}`
  const panelId = (name: string) => `${ids}-view-${name}`
  const savedText = savedAt ? t('editor.drafts.saved', { time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(savedAt) }) : ''

  return (
    <div className={dragging ? 'editor is-dragging' : 'editor'} data-view={view} data-ready={info.id ? '' : undefined} aria-busy={busy || undefined} onDragOver={onDragOver} onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDragging(false)} onDrop={onDrop}>
      {notice && (
        <div className={notice.tone === 'error' ? 'notice notice--error editor__notice' : 'notice editor__notice'} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <p>{notice.text}</p>
          <button type="button" className="icon-button icon-button--small" aria-label={t('editor.help.close')} onClick={() => setNotice(null)}>
            <Icon path={mdiClose} />
          </button>
        </div>
      )}
      <ToolBar
        tool={settings.tool}
        size={settings.size}
        fillMode={settings.fillMode}
        mirror={settings.mirror}
        layer={layer}
        canUndo={steps.canUndo}
        canRedo={steps.canRedo}
        onTool={setTool}
        onSize={(size) => patchEditorSettings({ size })}
        onFillMode={(fillMode) => patchEditorSettings({ fillMode })}
        onMirror={toggleMirror}
        onLayer={switchLayer}
        onUndo={undo}
        onRedo={redo}
        onHelp={() => help.current?.open()}
      />
      <div className="editor__tabs" role="tablist" aria-label={t('editor.views.label')}>
        {(['model', 'texture'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={tabId(name)}
            className="editor__tab"
            aria-selected={view === name}
            aria-controls={panelId(name)}
            tabIndex={view === name ? 0 : -1}
            onClick={() => switchView(name)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                const other = name === 'model' ? 'texture' : 'model'
                switchView(other)
                document.getElementById(tabId(other))?.focus()
              }
            }}
          >
            {t(VIEW_LABEL[name])}
          </button>
        ))}
      </div>
      <div className="editor__workspace">
        <div className="editor__views">
          <section id={panelId('model')} className="editor__view editor__view--model" role="tabpanel" aria-labelledby={tabId('model')}>
            <ModelView ref={view3d} active={wide || view === 'model'} texture={textureCanvas} model={model} layer={layer} pose={pose} onPose={setPose} visibility={visibility} onPaint={onPaint3d} onHover={(hit) => hoverAt(hit && [hit.x, hit.y])} />
          </section>
          <section id={panelId('texture')} className="editor__view editor__view--texture" role="tabpanel" aria-labelledby={tabId('texture')}>
            <TextureView
              ref={view2d}
              texture={textureCanvas}
              model={model}
              layer={layer}
              labels={settings.labels ? labels : undefined}
              brushAt={brushAt}
              onBegin={(texel, time) => begin(texel, time, '2d')}
              onMove={(texel, time) => move(texel, time, '2d')}
              onEnd={end}
              onCancel={cancel}
              onHover={hoverAt}
              labelsOn={settings.labels}
              onToggleLabels={() => patchEditorSettings({ labels: !settings.labels })}
              describedBy={textureHint}
              strings={{
                canvas: t('editor.views.textureLabel'),
                controls: t('editor.views.textureControls'),
                zoomIn: t('editor.views.zoomIn'),
                zoomOut: t('editor.views.zoomOut'),
                fit: t('editor.views.fit'),
                labels: t('editor.views.labels'),
                zoom: (percent) => t('editor.views.zoom', { percent }),
              }}
            />
            <p id={textureHint} className="visually-hidden">
              {t('editor.views.textureHint')}
            </p>
          </section>
          <HoverReadout ref={readout} />
        </div>
        <div className="editor__panel">
          <PanelSection name="colour" title={t('editor.colour.label')} open>
            <ColourPicker value={settings.color} onChange={setColour} recent={settings.recent} palette={palette} />
          </PanelSection>
          <PanelSection name="layer" title={t('editor.layer.label')} open={wide}>
            <LayerPanel layer={layer} onLayer={switchLayer} mirror={settings.mirror} onMirror={toggleMirror} />
          </PanelSection>
          <PanelSection name="model" title={t('editor.model.label')} open={wide}>
            <ModelPanel model={model} onModel={switchModel} />
          </PanelSection>
          <PanelSection name="visibility" title={t('editor.visibility.label')} open={false}>
            <VisibilityPanel visibility={visibility} onChange={(part, l, visible) => setVisibility((current) => ({ ...current, [part]: { ...current[part], [l]: visible } }))} />
          </PanelSection>
          <PanelSection name="open" title={t('editor.open.label')} open={false}>
            <OpenPanel
              busy={busy}
              onNew={(next) => void newSkin(next)}
              onFile={(file) => void open(() => loadFile(file))}
              onPlayer={(name) => void open(() => loadSource({ kind: 'player', name }))}
              onUrl={(url) => void open(() => loadSource({ kind: 'url', url }))}
            />
          </PanelSection>
          <PanelSection name="drafts" title={t('editor.drafts.label')} open={wide}>
            <DraftsPanel drafts={drafts} currentId={info.id} available={storage} onOpen={(id) => void openDraft(id)} onDelete={(id) => void deleteDraft(id)} />
            {savedText && <p className="field-hint field-hint--muted editor__saved">{savedText}</p>}
          </PanelSection>
          <PanelSection name="sign" title={t('editor.sign.label')} open>
            <SignPanel
              name={info.name}
              onName={rename}
              visibility={signVisibility}
              onVisibility={setSignVisibility}
              allowPrivate={allowPrivate}
              model={model}
              remixOf={info.remixOf}
              warnings={() => signingWarnings(session.texture, session.model)}
              onSign={() => void sign()}
              onDownload={download}
              phase={signState.phase}
              message={signState.message}
              retryIn={retryIn}
              signed={signed && accountUrl ? { accountUrl, skin: signed, page: skinPath(signed, locale) } : undefined}
            />
          </PanelSection>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {dragging && (
        <div className="editor__drop" aria-hidden="true">
          {t('editor.open.drop')}
        </div>
      )}
      <HelpDialog ref={help} />
    </div>
  )
}


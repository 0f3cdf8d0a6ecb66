/**
 * The editor's tool bar: the tools (one pressed at a time), the brush size or the fill mode of the
 * chosen tool, mirror and layer toggles, undo/redo and the shortcut help. A toolbar in ARIA's sense:
 * arrow keys move between its controls; every control names its shortcut.
 * @module
 */
import {
  mdiBlur,
  mdiBrightness4,
  mdiEraser,
  mdiEyedropper,
  mdiFlipHorizontal,
  mdiFormatColorFill,
  mdiKeyboardOutline,
  mdiLayersOutline,
  mdiPencil,
  mdiRedo,
  mdiUndo,
  mdiVectorLine,
  mdiWhiteBalanceSunny,
} from '@mdi/js'
import type { KeyboardEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { Layer } from '../../shared/skin-editor/texture'
import { Icon } from '../../shared/ui/icon'
import { FILL_MODE_LABEL, TOOL_LABEL } from './editor-labels'
import type { FillMode } from './editor-settings'
import { SIZED_TOOLS, TOOLS, type BrushSize, type Tool } from './tools'

const TOOL_ICONS: Record<Tool, string> = {
  pencil: mdiPencil,
  eraser: mdiEraser,
  line: mdiVectorLine,
  fill: mdiFormatColorFill,
  eyedropper: mdiEyedropper,
  lighten: mdiWhiteBalanceSunny,
  darken: mdiBrightness4,
  noise: mdiBlur,
}

/** The shortcut letter shown for each tool (shortcuts.ts). */
export const TOOL_KEYS: Record<Tool, string> = { pencil: 'B', eraser: 'E', line: 'L', fill: 'G', eyedropper: 'I', lighten: 'U', darken: 'J', noise: 'N' }

/** Props of {@link ToolBar}. */
export interface ToolBarProps {
  tool: Tool
  size: BrushSize
  fillMode: FillMode
  mirror: boolean
  layer: Layer
  canUndo: boolean
  canRedo: boolean
  onTool(tool: Tool): void
  onSize(size: BrushSize): void
  onFillMode(mode: FillMode): void
  onMirror(): void
  onLayer(layer: Layer): void
  onUndo(): void
  onRedo(): void
  onHelp(): void
}

/** Arrow keys move focus along the bar (WAI-ARIA toolbar pattern); Tab still visits every control. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return
  if ((event.target as HTMLElement).tagName === 'SELECT') return
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select')]
  const index = controls.indexOf(event.target as HTMLElement)
  if (index < 0) return
  event.preventDefault()
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? controls.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + controls.length) % controls.length
  controls[next]?.focus()
}

/** The tool bar. */
export function ToolBar(props: ToolBarProps) {
  const { t } = useI18n()
  const withKey = (name: string, key: string) => t('editor.tools.withKey', { name, key })
  const sized = SIZED_TOOLS.has(props.tool)
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('editor.tools.label')} onKeyDown={moveFocus}>
      <div className="editor-toolbar__group editor-toolbar__tools">
        {TOOLS.map((tool) => {
          const name = t(TOOL_LABEL[tool])
          return (
            <button
              key={tool}
              type="button"
              className="editor-tool"
              aria-pressed={props.tool === tool}
              aria-label={name}
              aria-keyshortcuts={TOOL_KEYS[tool]}
              title={withKey(name, TOOL_KEYS[tool])}
              data-tool={tool}
              onClick={() => props.onTool(tool)}
            >
              <Icon path={TOOL_ICONS[tool]} />
            </button>
          )
        })}
      </div>
      <div className="editor-toolbar__group editor-toolbar__options">
        {sized && (
          <div className="editor-segmented" role="group" aria-label={t('editor.tools.size')} title={withKey(t('editor.tools.size'), '[ ]')}>
            {([1, 2, 3] as const).map((size) => (
              <button key={size} type="button" className="editor-segmented__item" aria-pressed={props.size === size} aria-label={t('editor.tools.sizeValue', { size })} onClick={() => props.onSize(size)}>
                <span className={`editor-size-dot editor-size-dot--${size}`} aria-hidden="true" />
              </button>
            ))}
          </div>
        )}
        {props.tool === 'fill' && (
          <label className="editor-toolbar__fill">
            <span className="visually-hidden">{t('editor.tools.fillMode')}</span>
            <select className="select editor-toolbar__select" value={props.fillMode} onChange={(event) => props.onFillMode(event.target.value as FillMode)} aria-keyshortcuts="Shift+G">
              {(['connected', 'face', 'colour'] as const).map((mode) => (
                <option key={mode} value={mode}>
                  {t(FILL_MODE_LABEL[mode])}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="editor-toolbar__group">
        <button type="button" className="editor-tool editor-tool--wide" aria-pressed={props.mirror} aria-keyshortcuts="M" title={withKey(t('editor.mirror.label'), 'M')} onClick={props.onMirror}>
          <Icon path={mdiFlipHorizontal} />
          <span className="editor-tool__text">{t('editor.mirror.label')}</span>
        </button>
        <button
          type="button"
          className="editor-tool editor-tool--wide"
          aria-pressed={props.layer === 'overlay'}
          aria-keyshortcuts="X"
          title={withKey(t('editor.layer.overlay'), 'X')}
          onClick={() => props.onLayer(props.layer === 'base' ? 'overlay' : 'base')}
        >
          <Icon path={mdiLayersOutline} />
          <span className="editor-tool__text">{t('editor.layer.overlay')}</span>
        </button>
      </div>
      <div className="editor-toolbar__group editor-toolbar__history">
        <button type="button" className="editor-tool" disabled={!props.canUndo} aria-label={t('editor.tools.undo')} aria-keyshortcuts="Control+Z" title={withKey(t('editor.tools.undo'), 'Ctrl+Z')} onClick={props.onUndo} data-action="undo">
          <Icon path={mdiUndo} />
        </button>
        <button type="button" className="editor-tool" disabled={!props.canRedo} aria-label={t('editor.tools.redo')} aria-keyshortcuts="Control+Shift+Z Control+Y" title={withKey(t('editor.tools.redo'), 'Ctrl+Shift+Z')} onClick={props.onRedo} data-action="redo">
          <Icon path={mdiRedo} />
        </button>
        <button type="button" className="editor-tool" aria-label={t('editor.tools.help')} aria-haspopup="dialog" aria-keyshortcuts="?" title={withKey(t('editor.tools.help'), '?')} onClick={props.onHelp}>
          <Icon path={mdiKeyboardOutline} />
        </button>
      </div>
    </div>
  )
}

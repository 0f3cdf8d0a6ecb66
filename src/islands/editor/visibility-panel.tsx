/**
 * Which parts the 3D view shows: a checkbox per part and layer, the base layer's named by the body
 * part (head, body…), the overlay's by what it is (hat, jacket, sleeves, trousers).
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import { PART_NAMES } from '../../shared/skin-editor/layout'
import type { Layer } from '../../shared/skin-editor/texture'
import type { PartName } from '../../shared/skin/skin-model'
import { LAYER_LABEL, PART_LABEL } from './editor-labels'
import type { Visibility } from './model-view'

/** Everything shown. */
export const ALL_VISIBLE: Visibility = Object.fromEntries(PART_NAMES.map((part) => [part, { base: true, overlay: true }])) as Visibility

/** The checkboxes. */
export function VisibilityPanel({ visibility, onChange }: { visibility: Visibility; onChange(part: PartName, layer: Layer, visible: boolean): void }) {
  const { t } = useI18n()
  return (
    <div className="editor-visibility">
      {(['base', 'overlay'] as const).map((layer) => (
        <fieldset key={layer} className="editor-visibility__layer">
          <legend>{t(LAYER_LABEL[layer])}</legend>
          {PART_NAMES.map((part) => (
            <label key={part} className="editor-check">
              <input type="checkbox" checked={visibility[part][layer]} onChange={(event) => onChange(part, layer, event.target.checked)} data-part={part} data-layer={layer} />
              {t(PART_LABEL[layer][part])}
            </label>
          ))}
        </fieldset>
      ))}
      <p className="field-hint field-hint--muted">{t('editor.visibility.hint')}</p>
    </div>
  )
}

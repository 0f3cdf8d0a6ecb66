/**
 * The layer, mirror and model choices of the side panel: segmented buttons (aria-pressed) with a short
 * line under each on what it does.
 * @module
 */
import { useId } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { Layer, Model } from '../../shared/skin-editor/texture'

/** Two or more exclusive choices as pressed/unpressed buttons. */
function Choice<T extends string>({ label, value, options, onChange, hint }: { label: string; value: T; options: readonly (readonly [T, string])[]; onChange(value: T): void; hint: string }) {
  const id = useId()
  return (
    <div className="editor-choice">
      <p id={`${id}-label`} className="visually-hidden">
        {label}
      </p>
      <div className="editor-segmented editor-segmented--wide" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
        {options.map(([option, text]) => (
          <button key={option} type="button" className="editor-segmented__item" aria-pressed={value === option} data-value={option} onClick={() => onChange(option)}>
            {text}
          </button>
        ))}
      </div>
      <p id={`${id}-hint`} className="field-hint field-hint--muted">
        {hint}
      </p>
    </div>
  )
}

/** Layer and mirror. */
export function LayerPanel({ layer, onLayer, mirror, onMirror }: { layer: Layer; onLayer(layer: Layer): void; mirror: boolean; onMirror(): void }) {
  const { t } = useI18n()
  const id = useId()
  return (
    <>
      <Choice
        label={t('editor.layer.label')}
        value={layer}
        options={[
          ['base', t('editor.layer.base')],
          ['overlay', t('editor.layer.overlay')],
        ]}
        onChange={onLayer}
        hint={t('editor.layer.hint')}
      />
      <div className="editor-switch">
        <button type="button" className="editor-switch__button" role="switch" aria-checked={mirror} aria-describedby={`${id}-mirror`} onClick={onMirror} data-control="mirror">
          <span className="editor-switch__track" aria-hidden="true" />
          {t('editor.mirror.label')}
        </button>
        <p id={`${id}-mirror`} className="field-hint field-hint--muted">
          {t('editor.mirror.hint')}
        </p>
      </div>
    </>
  )
}

/** Classic or slim. */
export function ModelPanel({ model, onModel }: { model: Model; onModel(model: Model): void }) {
  const { t } = useI18n()
  return (
    <Choice
      label={t('editor.model.label')}
      value={model}
      options={[
        ['classic', t('editor.model.classic')],
        ['slim', t('editor.model.slim')],
      ]}
      onChange={onModel}
      hint={t('editor.model.hint')}
    />
  )
}

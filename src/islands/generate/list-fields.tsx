/**
 * A growing list of text fields (URL mode and player mode of the generate form): one value per field,
 * add and remove buttons, and a hint under each field. Without JavaScript only the first field exists,
 * named for the plain form post (`url` or `user`).
 * @module
 */
import { mdiClose, mdiPlus } from '@mdi/js'
import { useId } from 'react'
import { Icon } from '../../shared/ui/icon'

/** What a hint under a field says, and how. */
export interface FieldHint {
  text: string
  tone: 'muted' | 'success' | 'error'
}

/** Props of {@link ListFields}. */
export interface ListFieldsProps {
  /** Form field name of the plain (no-JavaScript) post. */
  name: 'url' | 'user'
  values: string[]
  onChange: (values: string[]) => void
  /** Accessible label of field `index` (1-based). */
  label: (index: number) => string
  addLabel: string
  removeLabel: (index: number) => string
  placeholder: string
  type: 'url' | 'text'
  /** False on the server and before hydration: no add/remove buttons, which need JavaScript. */
  interactive: boolean
  /** The hint of a value (check result, server refusal), if any. */
  hint?: (value: string) => FieldHint | undefined
}

/** The list of fields. */
export function ListFields({ name, values, onChange, label, addLabel, removeLabel, placeholder, type, interactive, hint }: ListFieldsProps) {
  const id = useId()
  const set = (index: number, value: string) => onChange(values.map((v, i) => (i === index ? value : v)))
  const remove = (index: number) => onChange(values.length > 1 ? values.filter((_, i) => i !== index) : [''])
  return (
    <div className="list-fields">
      {values.map((value, index) => {
        const note = value.trim() ? hint?.(value.trim()) : undefined
        const fieldId = `${id}-${index}`
        return (
          <div key={index} className="list-fields__item">
            <div className="list-fields__row">
              <input
                id={fieldId}
                className={note?.tone === 'error' ? 'text-input is-invalid' : 'text-input'}
                type={type}
                name={index === 0 ? name : undefined}
                value={value}
                onChange={(event) => set(index, event.target.value)}
                placeholder={placeholder}
                aria-label={label(index + 1)}
                aria-invalid={note?.tone === 'error' ? true : undefined}
                aria-describedby={note ? `${fieldId}-hint` : undefined}
                autoComplete="off"
                spellCheck={false}
                inputMode={type === 'url' ? 'url' : undefined}
              />
              {interactive && (values.length > 1 || value) && (
                <button type="button" className="icon-button icon-button--small" aria-label={removeLabel(index + 1)} onClick={() => remove(index)}>
                  <Icon path={mdiClose} size={18} />
                </button>
              )}
            </div>
            {note && (
              <p id={`${fieldId}-hint`} className={`field-hint field-hint--${note.tone}`}>
                {note.text}
              </p>
            )}
          </div>
        )
      })}
      {interactive && (
        <button type="button" className="button button--text button--small" onClick={() => onChange([...values, ''])}>
          <Icon path={mdiPlus} size={18} />
          {addLabel}
        </button>
      )}
    </div>
  )
}

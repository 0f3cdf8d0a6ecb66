/**
 * A growing list of text fields (URL mode and player mode of the generate form): one value per field,
 * add and remove buttons, and a hint under each field. Without JavaScript only the first field exists,
 * named for the plain form post (`url` or `user`). With `pasteLines` (batch generation,
 * `POST /v2/queue/batch`), text of several lines pasted into a field fills one field per line, up to
 * that many fields.
 * @module
 */
import { mdiClose, mdiPlus } from '@mdi/js'
import { useId, type ClipboardEvent } from 'react'
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
  /** Most fields a multi-line paste may fill (one value per line); unset: pasting stays plain. */
  pasteLines?: number
}

/**
 * `values` with the lines of `text` in place of field `index` (empty lines and empty fields dropped),
 * at most `max` values in all; the fields before `index` are kept first.
 */
export function withPastedLines(values: string[], index: number, text: string, max: number): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean)
  const merged = [...values.slice(0, index), ...lines, ...values.slice(index + 1)].filter((value) => value.trim() !== '')
  return merged.length ? merged.slice(0, max) : ['']
}

/** The list of fields. */
export function ListFields({ name, values, onChange, label, addLabel, removeLabel, placeholder, type, interactive, hint, pasteLines }: ListFieldsProps) {
  const id = useId()
  const set = (index: number, value: string) => onChange(values.map((v, i) => (i === index ? value : v)))
  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain')
    if (!pasteLines || !/\S\s*\n\s*\S/.test(text)) return
    event.preventDefault()
    onChange(withPastedLines(values, index, text, pasteLines))
  }
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
                onPaste={pasteLines ? (event) => paste(index, event) : undefined}
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

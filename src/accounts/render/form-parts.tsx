/**
 * Small form building blocks with the app's classes (.field, .text-input, .field-hint).
 * @module
 */

/** A labelled input. */
export function Field(props: { name: string; label: string; type?: string; value?: string; autoComplete?: string; required?: boolean; hint?: string; error?: string; maxLength?: number; minLength?: number }) {
  const id = `f-${props.name}`
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className={props.error ? 'text-input is-invalid' : 'text-input'}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        minLength={props.minLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.hint || props.error ? `${id}-hint` : undefined}
      />
      {(props.error || props.hint) && (
        <p id={`${id}-hint`} className={props.error ? 'field-hint field-hint--error' : 'field-hint field-hint--muted'}>
          {props.error ?? props.hint}
        </p>
      )}
    </div>
  )
}

/** A form-level message (error or success). */
export function Message({ kind, text }: { kind: 'error' | 'success'; text?: string }) {
  if (!text) return null
  return (
    <p className={kind === 'error' ? 'notice notice--error accounts__message' : 'notice accounts__message accounts__message--success'} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  )
}

/** Hidden `redirect` field. */
export const RedirectField = ({ value }: { value?: string }) => (value ? <input type="hidden" name="redirect" value={value} /> : null)

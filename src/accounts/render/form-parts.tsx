/**
 * Small form building blocks with the app's classes (.field, .text-input, .field-hint).
 * @module
 */
import type { ReactNode } from 'react'

/** A labelled input; `id` (default `f-<name>`) tells apart fields of one name in several forms of a page. */
export function Field(props: { name: string; label: string; id?: string; type?: string; value?: string; autoComplete?: string; required?: boolean; hint?: string; error?: string; maxLength?: number; minLength?: number }) {
  const id = props.id ?? `f-${props.name}`
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

/**
 * A POST form that carries an anti-bot proof: `proofUrl` is the challenge the
 * page's script (src/islands/accounts/proof-form.ts) solves ahead into the hidden `proof` field;
 * `waiting` is the button text while a late proof is still being solved. Render the page with
 * `proof: true` so the script is loaded.
 */
export function ProofForm({ action, proofUrl, waiting, className, children }: { action: string; proofUrl: string; waiting: string; className?: string; children: ReactNode }) {
  return (
    <form method="post" action={action} className={className ?? 'accounts__form'} data-proof={proofUrl} data-proof-waiting={waiting}>
      <input type="hidden" name="proof" value="" />
      {children}
    </form>
  )
}

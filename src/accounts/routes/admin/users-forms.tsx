/**
 * Form parts of the console's user pages: plain POST forms, no JavaScript. Ids
 * carry the form's name, since one page holds several forms with a `note` field.
 * @module
 */
import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { href } from '../../context'
import type { AccountsEnv } from '../../env'

/** A labelled text input of form `form`. */
export function AdminField(props: { form: string; name: string; label: string; hint?: string; required?: boolean; maxLength?: number; inputMode?: 'numeric'; type?: string; multiline?: boolean }) {
  const id = `f-${props.form}-${props.name}`
  const hintId = props.hint ? `${id}-hint` : undefined
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea id={id} name={props.name} className="text-input accounts-b__textarea" rows={3} required={props.required} maxLength={props.maxLength} aria-describedby={hintId} />
      ) : (
        <input
          id={id}
          name={props.name}
          className="text-input"
          type={props.type ?? 'text'}
          required={props.required}
          maxLength={props.maxLength}
          inputMode={props.inputMode}
          aria-describedby={hintId}
        />
      )}
      {props.hint ? (
        <p id={hintId} className="field-hint field-hint--muted">
          {props.hint}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled select of form `form`. */
export function AdminSelect(props: { form: string; name: string; label: string; options: { value: string; label: string }[]; value?: string }) {
  const id = `f-${props.form}-${props.name}`
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} className="select" defaultValue={props.value}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The optional note every action may carry into the audit log. */
export function NoteField({ c, form }: { c: Context<AccountsEnv>; form: string }) {
  return <AdminField form={form} name="note" label={c.get('t')('accounts.admin.users.note')} maxLength={500} />
}

/** A form of the console posting to `path`. */
export function AdminForm({ c, path, className, label, children }: { c: Context<AccountsEnv>; path: string; className?: string; label?: string; children: ReactNode }) {
  return (
    <form method="post" action={href(c, path)} className={className ?? 'accounts-b__form admin-users__form'} aria-label={label}>
      {children}
    </form>
  )
}

/** A one-button form (revoke, remove, undo). */
export function ButtonForm({ c, path, text, danger, testId }: { c: Context<AccountsEnv>; path: string; text: string; danger?: boolean; testId?: string }) {
  return (
    <form method="post" action={href(c, path)} className="admin-users__button-form">
      <button type="submit" className={danger ? 'button button--outlined button--small accounts-b__danger' : 'button button--outlined button--small'} data-testid={testId}>
        {text}
      </button>
    </form>
  )
}

/**
 * Read-only fields with a copy button (issue 8 point 1). The button is server-rendered `hidden` and
 * the `copy-buttons` island shows it once it can copy; it reads the text from the element `target`
 * names, so no value is written into the page twice. Without JavaScript the field stays selectable.
 * The button's icon comes from the stylesheet (cached once), not an inline SVG per button (HTML budget).
 * @module
 */
import { useI18n } from '../../../shared/i18n/context'

/** A copy button for the element with id `target`; `label` names what it copies (for screen readers). */
export function CopyButton({ target, label }: { target: string; label: string }) {
  const { t } = useI18n()
  return (
    <button type="button" className="copy-button" data-copy={target} hidden>
      <span className="copy-button__text">{t('pages.skin.copy')}</span>
      <span className="visually-hidden">{` ${label}`}</span>
    </button>
  )
}

/** One labelled read-only input (or textarea when `rows` > 1) with its copy button. */
export function CopyField({ id, label, value, rows = 1 }: { id: string; label: string; value: string; rows?: number }) {
  return (
    <div className="copy-field">
      <div className="copy-field__head">
        <label htmlFor={id}>{label}</label>
        <CopyButton target={id} label={label} />
      </div>
      {rows > 1 ? <textarea id={id} readOnly rows={rows} value={value} spellCheck={false} /> : <input id={id} readOnly value={value} spellCheck={false} />}
    </div>
  )
}

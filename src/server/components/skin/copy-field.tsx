/**
 * Read-only fields with a copy button. The page marks where a copy button goes
 * (`data-copies="<id of what it copies>"`) and the `copy-buttons` island adds the button there once
 * it can copy: a button does nothing without JavaScript, so the page does not carry six hidden ones
 * (some 1.2 KB of a Hindi page, against its 30 KB HTML budget). The button reads the text from the
 * named element, so no value is written into the page twice. Without JavaScript the field stays
 * selectable.
 * @module
 */

/** The attribute that marks the place of a copy button; its value is the id of what it copies. */
export const COPY_SPOT = 'data-copies'

/** Marks its element as the place of the copy button for the element with id `target`. */
export const copySpot = (target: string) => ({ [COPY_SPOT]: target })

/**
 * One labelled read-only input (or textarea when `rows` > 1) with the place of its copy button. No
 * `spellcheck="false"`: browsers check only fields that can be edited (HTML, "Spelling and grammar
 * checking"), so on a read-only field it changed nothing.
 */
export function CopyField({ id, label, value, rows = 1 }: { id: string; label: string; value: string; rows?: number }) {
  return (
    <div className="copy-field">
      <div {...copySpot(id)}>
        <label htmlFor={id}>{label}</label>
      </div>
      {rows > 1 ? <textarea id={id} readOnly rows={rows} value={value} /> : <input id={id} readOnly value={value} />}
    </div>
  )
}

/**
 * The copy buttons themselves: the page marks where each goes (`data-copies="<id>"`,
 * src/server/components/skin/copy-field.tsx) and they are added here, once they can act, rather than
 * sent hidden in every page. A button is named after what it copies: the label in its
 * place, or the term (`<dt>`) its place describes.
 * @module
 */

/** The copy buttons' selector. */
export const BUTTON_SELECTOR = 'button[data-copy]'

/** What the copy button in `spot` copies, as its label or term says. */
const nameOf = (spot: Element): string => (spot.querySelector('label') ?? spot.previousElementSibling)?.textContent ?? ''

/** Adds a button reading `copy` to every marked place that has none yet. */
export function addCopyButtons(copy: string): void {
  for (const spot of document.querySelectorAll<HTMLElement>('[data-copies]')) {
    if (spot.querySelector(BUTTON_SELECTOR)) continue
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'copy-button'
    button.dataset.copy = spot.dataset.copies
    const text = document.createElement('span')
    text.className = 'copy-button__text'
    text.textContent = copy
    const name = document.createElement('span')
    name.className = 'visually-hidden'
    name.textContent = ` ${nameOf(spot)}`
    button.append(text, name)
    spot.append(button)
  }
}

/** Names the copy button in `spot` after its label again (the commands box relabels its field per tab). */
export function renameCopyButton(spot: Element): void {
  const name = spot.querySelector(`${BUTTON_SELECTOR} .visually-hidden`)
  if (name) name.textContent = ` ${nameOf(spot)}`
}

/**
 * Copies an element's text: the Clipboard API when the browser offers and allows
 * it; otherwise the text is selected so the visitor copies it with the keyboard or the menu.
 * @module
 */

/** The text of a field (its value) or of any other element (its text). */
export function textOf(element: Element): string {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : (element.textContent ?? '')
}

/** Selects all text of `element`, so a manual copy takes exactly it. */
export function selectText(element: Element): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus()
    element.select()
    return
  }
  const range = document.createRange()
  range.selectNodeContents(element)
  const selection = window.getSelection()
  selection?.removeAllRanges()
  selection?.addRange(range)
}

/** Writes `element`'s text to the clipboard; resolves false (after selecting it) when that is missing or refused. */
export async function copyText(element: Element): Promise<boolean> {
  const text = textOf(element)
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API')
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    selectText(element)
    return false
  }
}

/**
 * Switches the commands box's tab in place (src/server/components/skin/skin-commands.tsx): the tab
 * links work without JavaScript by loading `?command=<id>`; here the same builders fill the field
 * from the direct link, value and signature fields and the facts of `data-command-skin`, without a reload.
 * @module
 */
import { commandSkin, commandTab, COMMAND_QUERY, type CommandFacts } from '../../shared/skin/skin-commands'
import { textOf } from './copy-text'

/** Ids of the elements the box reads (skin-data.tsx, skin-commands.tsx). */
const ELEMENT = { link: 'skin-link', value: 'skin-value', signature: 'skin-signature', field: 'skin-command' } as const

/** The tab links inside the box. */
export const TAB_SELECTOR = '.skin-commands__list a'

/** Shows tab `link` of `box`; false when the page lacks what it needs (then the link loads normally). */
export function showCommandTab(box: HTMLElement, tabLink: HTMLAnchorElement): boolean {
  const field = document.getElementById(ELEMENT.field)
  const value = document.getElementById(ELEMENT.value)
  const signature = document.getElementById(ELEMENT.signature)
  const link = document.getElementById(ELEMENT.link)
  if (!(field instanceof HTMLTextAreaElement) || !value || !signature || !link || !box.dataset.commandSkin) return false
  const facts = JSON.parse(box.dataset.commandSkin) as CommandFacts
  const tab = commandTab(new URL(tabLink.href).searchParams.get(COMMAND_QUERY))
  field.value = tab.build(commandSkin(facts, textOf(link), textOf(value), textOf(signature)))
  for (const other of box.querySelectorAll<HTMLAnchorElement>(TAB_SELECTOR)) {
    const current = other === tabLink
    other.classList.toggle('is-active', current)
    if (current) other.setAttribute('aria-current', 'true')
    else other.removeAttribute('aria-current')
  }
  for (const hint of box.querySelectorAll<HTMLElement>('[data-command-hint]')) hint.hidden = hint.dataset.commandHint !== tab.group
  const label = box.querySelector('[data-command-label]')
  const group = tabLink.closest('.skin-commands__group')?.querySelector('.skin-commands__group-label')?.textContent
  if (label && group) label.textContent = `${group} · ${tab.label}`
  // The address keeps the choice, so a reload or a shared link shows the same tab.
  const url = new URL(location.href)
  url.searchParams.set(COMMAND_QUERY, tab.id)
  history.replaceState(history.state, '', url)
  return true
}

/**
 * Switches the commands box's tab in place (src/server/components/skin/skin-commands.tsx): the tab
 * links work without JavaScript by loading `?command=<id>`; here the same builders fill the field
 * from what the page shows (the direct link, value and signature fields, the name and the time),
 * without a reload. A group's hint the page did not send is made from its fetched strings
 * (`copy-strings.ts`).
 * @module
 */
import { commandSkin, commandTab, COMMAND_QUERY, type CommandFacts, type CommandTab } from '../../shared/skin/skin-commands'
import { renameCopyButton } from './copy-spots'
import { loadCopyStrings } from './copy-strings'
import { textOf } from './copy-text'

/** Ids of the elements the box reads (skin-data.tsx, skin-commands.tsx, skin-header.tsx, skin-facts.tsx). */
const ELEMENT = { link: 'skin-link', value: 'skin-value', signature: 'skin-signature', field: 'skin-command', name: 'skin-name', time: 'skin-time' } as const

/** The name and time the page shows: the heading's text (a made-up name's star is the stylesheet's) and the `<time>`. */
function shownFacts(): CommandFacts | null {
  const name = document.getElementById(ELEMENT.name)?.firstChild?.textContent
  const time = document.getElementById(ELEMENT.time)
  const timestamp = time instanceof HTMLTimeElement ? Date.parse(time.dateTime) : NaN
  return name && Number.isFinite(timestamp) ? { name, timestamp } : null
}

/** The box and the tab links inside it. */
export const BOX_SELECTOR = '.skin-commands'
export const TAB_SELECTOR = '.skin-commands__tabs a'

/** The hint paragraph of `tab`'s group, or null when the page has none yet. */
const hintOf = (box: HTMLElement, tab: CommandTab) => box.querySelector<HTMLElement>(`[data-command-hint="${tab.group}"]`)

/**
 * Shows tab `link` of `box`; false when the page lacks what it needs (then the link loads normally).
 * A tab of a group whose hint is not on the page shows once the hints have loaded; if they cannot
 * load, the link is followed after all.
 */
export function showCommandTab(box: HTMLElement, tabLink: HTMLAnchorElement): boolean {
  const field = document.getElementById(ELEMENT.field)
  const value = document.getElementById(ELEMENT.value)
  const signature = document.getElementById(ELEMENT.signature)
  const link = document.getElementById(ELEMENT.link)
  const facts = shownFacts()
  if (!(field instanceof HTMLTextAreaElement) || !value || !signature || !link || !facts) return false
  const tab = commandTab(new URL(tabLink.href).searchParams.get(COMMAND_QUERY))
  const show = () => {
    field.value = tab.build(commandSkin(facts, textOf(link), textOf(value), textOf(signature)))
    switchTo(box, tabLink, tab)
  }
  if (hintOf(box, tab)) show()
  else
    loadCopyStrings().then(
      ({ hints }) => {
        if (!hintOf(box, tab)) addHint(box, tab, hints[tab.group])
        show()
      },
      () => location.assign(tabLink.href),
    )
  return true
}

/** Adds the hint paragraph of `tab`'s group (hidden until {@link switchTo} shows it), as the server renders one. */
function addHint(box: HTMLElement, tab: CommandTab, text: string) {
  const hint = document.createElement('p')
  hint.className = 'skin-commands__hint'
  hint.dataset.commandHint = tab.group
  hint.hidden = true
  hint.textContent = text
  box.append(hint)
}

/** Marks `tabLink` current, shows its group's hint and label, and keeps the choice in the address. */
function switchTo(box: HTMLElement, tabLink: HTMLAnchorElement, tab: CommandTab) {
  for (const other of box.querySelectorAll<HTMLAnchorElement>(TAB_SELECTOR)) {
    const current = other === tabLink
    other.classList.toggle('is-active', current)
    if (current) other.setAttribute('aria-current', 'true')
    else other.removeAttribute('aria-current')
  }
  for (const hint of box.querySelectorAll<HTMLElement>('[data-command-hint]')) hint.hidden = hint.dataset.commandHint !== tab.group
  const label = box.querySelector(`label[for="${ELEMENT.field}"]`)
  // A group is the nav's `<div>`: its label `<span>`, then its list (skin-commands.tsx).
  const group = tabLink.closest('.skin-commands__tabs > div')?.querySelector('span')?.textContent
  if (label && group) {
    label.textContent = `${group} · ${tab.label}`
    if (label.parentElement) renameCopyButton(label.parentElement)
  }
  // The address keeps the choice, so a reload or a shared link shows the same tab.
  const url = new URL(location.href)
  url.searchParams.set(COMMAND_QUERY, tab.id)
  history.replaceState(history.state, '', url)
}

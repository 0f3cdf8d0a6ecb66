/**
 * Browser twin of the server's skin card (src/server/components/skin-grid.tsx): the infinite scroll
 * appends cards with exactly the markup the server renders, built with plain DOM calls so the
 * island needs no React list (DESIGN.md §4 JavaScript budget).
 * @module
 */
import type { Locale } from '../../shared/locales'
import { renderUrl } from '../../shared/render-url'
import { skinPath } from '../../shared/routes'

/** The fields of a list item a card shows (reference/mineskin-api.md §1.6). */
export interface CardSkin {
  uuid: string
  shortId: string
  name?: string
  texture: string
}

/** One `<li class="skin-card">` linking to the skin page, with its lazy head render. */
export function skinCard(skin: CardSkin, locale: Locale): HTMLLIElement {
  const item = document.createElement('li')
  item.className = 'skin-card'
  const link = item.appendChild(document.createElement('a'))
  link.href = skinPath(skin.uuid, locale)
  const image = link.appendChild(document.createElement('img'))
  image.src = renderUrl({ textureHash: skin.texture, view: 'head' })
  image.alt = ''
  image.width = image.height = 120
  image.loading = 'lazy'
  const name = link.appendChild(document.createElement('span'))
  name.textContent = skin.name || skin.shortId
  return item
}

/** Appends the cards of `skins` that `grid` does not show yet (a popular list can shift between pages). */
export function appendCards(grid: HTMLElement, skins: CardSkin[], locale: Locale): number {
  const shown = new Set([...grid.querySelectorAll<HTMLAnchorElement>('.skin-card > a')].map((a) => a.getAttribute('href')))
  let added = 0
  for (const skin of skins) {
    if (shown.has(skinPath(skin.uuid, locale))) continue
    grid.append(skinCard(skin, locale))
    added++
  }
  return added
}

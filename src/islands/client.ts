/**
 * The one client entry (reference/stack.md §1.5): reads the embedded messages, then hydrates every
 * `<x-island>` with its own root and identifier prefix. Loaded as a module script, so it never blocks
 * the first paint.
 * @module
 */
import { createElement, startTransition, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { CLIENT_MESSAGES_ELEMENT_ID } from '../shared/i18n/client-messages'
import { I18nProvider, type I18nValue } from '../shared/i18n/context'
import { createTranslator } from '../shared/i18n/translator'
import { setIconSprite } from '../shared/ui/icon-sprite'
import { DEFAULT_LOCALE, isLocale } from '../shared/locales'
import { reloadAfterChunkError } from './chunk-reload'
import { hydrateWhen } from './hydrate-when'
import { lazyIslands } from './lazy-islands'
import { startLoadingBar } from './loading-bar'
import type { IslandName } from './registry'

function readI18n(): I18nValue {
  const element = document.getElementById(CLIENT_MESSAGES_ELEMENT_ID)
  const locale = element?.dataset.locale
  const table = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {}
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  return { locale: code, t: createTranslator(code, table) }
}

/**
 * Marks its island `data-hydrated` from an effect, i.e. once React has committed and attached the
 * island's event handlers — the moment the island really responds (tests wait for it).
 */
function HydrationMark({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = ''
  }, [element])
  return children
}

/** Loads island `name`'s chunk and hydrates `element` with it. */
function hydrateIsland(element: HTMLElement, name: IslandName, i18n: I18nValue) {
  lazyIslands[name]()
    .then(({ default: Component }) => {
      const props = JSON.parse(element.dataset.props ?? '{}')
      startTransition(() => {
        const island = createElement(I18nProvider, { value: i18n, children: createElement(Component as never, props) })
        hydrateRoot(element, createElement(HydrationMark, { element, children: island }), {
          identifierPrefix: element.dataset.prefix,
          onRecoverableError: (error) => console.warn('[island]', name, error),
        })
      })
    })
    .catch(reloadAfterChunkError)
}

/** Hydrates every island now, or when its trigger fires (`hydrate-when.ts`). */
function hydrateIslands(i18n: I18nValue) {
  for (const element of document.querySelectorAll<HTMLElement>('x-island:not([data-booted])')) {
    element.dataset.booted = ''
    const name = element.dataset.island as IslandName
    if (!(name in lazyIslands)) continue
    const when = hydrateWhen[name]
    if (when) when(() => hydrateIsland(element, name, i18n))
    else hydrateIsland(element, name, i18n)
  }
}

// The My Skins tab and other client-only parts show once the client has started (SPEC §2).
document.documentElement.dataset.clientStarted = ''
const bar = document.getElementById('loading-bar')
if (bar) startLoadingBar(bar)
const i18n = readI18n()
// Icons name the same sprite as the server did, or hydration would not match (src/shared/ui/icon-sprite.ts).
setIconSprite(document.documentElement.dataset.icons)
hydrateIslands(i18n)
// SPEC §4, §9: the job queue is kept on every page — polling, status snackbars, the signed-in refresh.
void import('./job-watch-boot').then(({ bootJobWatch }) => bootJobWatch(i18n))
// SPEC §4: authentication is checked on app load (a lazy chunk: it is not needed for the first paint).
void import('./auth-check').then(({ checkAuth }) => checkAuth({ accountApiOrigin: document.documentElement.dataset.accountApi }))

/**
 * The client proper, loaded by the tiny entry (`client.ts`) once the page has painted: reads the
 * embedded messages, then hydrates every `<x-island>` with its own root and
 * identifier prefix, and starts the job watcher and the auth check.
 * @module
 */
import { createElement, startTransition, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { CLIENT_MESSAGES_ELEMENT_ID, ISLAND_NAMESPACES, lazyMessagesUrl, mergeMessages } from '../shared/i18n/client-messages'
import { I18nProvider, type I18nValue } from '../shared/i18n/context'
import { createTranslator } from '../shared/i18n/translator'
import { setIconSprite } from '../shared/ui/icon-sprite'
import { DEFAULT_LOCALE, isLocale } from '../shared/locales'
import { checkAuth } from './auth-check'
import { reloadAfterChunkError } from './chunk-reload'
import { bootJobWatch } from './job-watch-boot'
import { hydrateWhen } from './hydrate-when'
import { islandProps } from './island-props'
import { lazyIslands } from './lazy-islands'
import { startLoadingBar } from './loading-bar'
import type { IslandName } from './registry'

/** The embedded messages, plus where a deferred island's strings are (`client-messages.ts`). */
interface ClientI18n extends I18nValue {
  table: Record<string, unknown>
  more: string | undefined
}

function readI18n(): ClientI18n {
  const element = document.getElementById(CLIENT_MESSAGES_ELEMENT_ID)
  const locale = element?.dataset.locale
  const table = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {}
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  return { locale: code, t: createTranslator(code, table), table, more: element?.dataset.more }
}

/**
 * The translator for island `name`: the embedded one, or — for a deferred island whose strings the
 * page does not embed — one over the embedded table plus its fetched strings.
 */
async function i18nFor(name: IslandName, i18n: ClientI18n): Promise<I18nValue> {
  if (!(name in hydrateWhen) || !ISLAND_NAMESPACES[name] || !i18n.more) return i18n
  const response = await fetch(lazyMessagesUrl(i18n.more, i18n.locale, name))
  if (!response.ok) throw new Error(`messages of ${name}: HTTP ${response.status}`)
  const extra = (await response.json()) as Record<string, unknown>
  return { locale: i18n.locale, t: createTranslator(i18n.locale, mergeMessages(i18n.table, extra)) }
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
function hydrateIsland(element: HTMLElement, name: IslandName, clientI18n: ClientI18n) {
  Promise.all([lazyIslands[name](), i18nFor(name, clientI18n)])
    .then(([{ default: Component }, i18n]) => {
      const props = islandProps(element)
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
function hydrateIslands(i18n: ClientI18n) {
  for (const element of document.querySelectorAll<HTMLElement>('x-island:not([data-booted])')) {
    element.dataset.booted = ''
    const name = element.dataset.island as IslandName
    if (!(name in lazyIslands)) continue
    const when = hydrateWhen[name]
    if (when) when(() => hydrateIsland(element, name, i18n))
    else hydrateIsland(element, name, i18n)
  }
}

const bar = document.getElementById('loading-bar')
if (bar) startLoadingBar(bar)
const i18n = readI18n()
// Icons name the same sprite as the server did, or hydration would not match (src/shared/ui/icon-sprite.ts).
setIconSprite(document.documentElement.dataset.icons)
hydrateIslands(i18n)
// SPEC §4, §9: the job queue is kept on every page — polling, status snackbars, the signed-in refresh.
bootJobWatch(i18n)
// SPEC §4: authentication is checked on app load. Both are part of this chunk, which itself loads
// after the first paint (client.ts): separate chunks only added requests and bytes.
checkAuth({ accountApiOrigin: document.documentElement.dataset.accountApi })

// SPEC §7 build check: its small chunk loads at the first sign of a coming navigation
// — the page shown again, or the pointer or focus on a link — so a page nobody touches runs none of it
// (JavaScript before interaction stays as it was, DESIGN.md §4).
const BUILD_CHECK_TRIGGERS = ['visibilitychange', 'pointerover', 'focusin', 'touchstart'] as const
function loadBuildCheck(event: Event) {
  const soon = event.type === 'visibilitychange' ? document.visibilityState === 'visible' : !!(event.target as Element | null)?.closest?.('a[href]')
  if (!soon) return
  for (const type of BUILD_CHECK_TRIGGERS) document.removeEventListener(type, loadBuildCheck, true)
  import('./build-check').then((m) => m.startBuildCheck(), (error: unknown) => console.warn('[build-check]', error))
}
for (const type of BUILD_CHECK_TRIGGERS) document.addEventListener(type, loadBuildCheck, { capture: true, passive: true })

// SPEC §9: error monitoring only when a DSN is configured, loaded when the page is idle, never before.
const { monitoringDsn: dsn, monitoringEnv } = document.documentElement.dataset
if (dsn) {
  const start = () =>
    import('./monitoring').then((m) => m.startMonitoring({ dsn, environment: monitoringEnv === 'development' ? 'development' : 'production' }), (error: unknown) => console.warn('[monitoring]', error))
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 })
  else setTimeout(start, 500)
}

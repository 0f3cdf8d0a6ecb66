/**
 * Server side of an island (reference/stack.md §1.4–1.5): the island is rendered by itself with its
 * own `identifierPrefix`, so `useId()` values match when the browser hydrates it as a separate root.
 * The nested render's HTML is reused across requests with the same key (`./island-cache.ts`).
 * @module
 */
import { useId, type ComponentProps, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { useRequestContext } from '@hono/react-renderer'
import { hydrateWhen } from '../../islands/hydrate-when'
import { ISLAND_PROPS_TYPE } from '../../islands/island-props'
import { islands, type IslandName } from '../../islands/registry'
import { I18nProvider, useI18n } from '../../shared/i18n/context'
import { iconSprite } from '../../shared/ui/icon-sprite'
import type { AppEnv } from '../env'
import { cachedIslandHtml } from './island-cache'

/** JSON safe inside `<script>`: `<` escaped, so no `</script>` or `<!--` can end or change the block. */
const scriptSafeJson = (json: string): string => json.replaceAll('<', '\\u003c')

/**
 * The image preloads React writes in front of a render of its own (for an `<img>` that is not lazy,
 * e.g. the skin page's render). In a page's body they only repeat the image that follows at once, whose
 * `fetchPriority` already tells the browser (some 150 bytes of HTML each).
 */
const LEADING_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/

/**
 * Renders island `name` inside an `<x-island>` marker, its JSON-serialisable `props` in a data block
 * right after it (src/islands/island-props.ts). Not in an attribute: there every `"` of the JSON
 * becomes `&quot;`, which cost a skin page about 0.5 KB (HTML ≤ 30 KB a page). A data
 * block is never executed, so it needs no CSP nonce.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  // Every hook runs before the nested render: hooks after a nested renderToString break (react#22214).
  const prefix = useId()
  const c = useRequestContext<AppEnv>()
  const i18n = useI18n()
  c.get('islands').add(name)
  const Component = islands[name] as ComponentType<Record<string, unknown>>
  const json = JSON.stringify(props)
  const html = cachedIslandHtml({ name, locale: i18n.locale, prefix, sprite: iconSprite(), props: json }, () =>
    renderToString(
      <I18nProvider value={i18n}>
        <Component {...(props as Record<string, unknown>)} />
      </I18nProvider>,
      { identifierPrefix: prefix },
    ).replace(LEADING_PRELOADS, ''),
  )
  // A deferred island (hydrate-when.ts) is marked, so tests and tools know it hydrates later.
  const deferred = name in hydrateWhen ? '' : undefined
  return (
    <>
      <x-island data-island={name} data-prefix={prefix} data-defer={deferred} dangerouslySetInnerHTML={{ __html: html }} />
      {json !== '{}' && <script type={ISLAND_PROPS_TYPE} dangerouslySetInnerHTML={{ __html: scriptSafeJson(json) }} />}
    </>
  )
}

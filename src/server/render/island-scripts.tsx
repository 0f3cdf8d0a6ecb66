/**
 * Emits the client entry, island chunk preloads and the client messages — only when this request
 * rendered at least one island (a page without islands ships no JavaScript, DESIGN.md §1). Preloads
 * and messages cover just the islands that hydrate on load; the entry starts them after the first
 * paint (src/islands/client.ts).
 * Must be the last child of `<body>` so every island has rendered before it (reference/stack.md §1.5).
 * @module
 */
import { useRequestContext } from '@hono/react-renderer'
import { hydrateWhen } from '../../islands/hydrate-when'
import { CLIENT_MESSAGES_ELEMENT_ID, pickClientMessages } from '../../shared/i18n/client-messages'
import type { AppEnv } from '../env'
import { LOCALE_TABLES } from '../../shared/i18n/locale-tables'

/** Inline JSON must not be able to close its script element (reference/stack.md §8 item 10). */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** `/assets/chunk-x.js` → `chunk-x.js`: chunks sit beside the entry (src/islands/build.ts). */
const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1)

/** Script and preload tags for the islands of this request. */
export function IslandScripts() {
  const c = useRequestContext<AppEnv>()
  const used = c.get('islands')
  if (used.size === 0) return null
  const manifest = c.get('manifest')
  const locale = c.get('locale')
  // The CSP nonce on both; the entry copies it onto the modulepreload links it adds
  // (CSP3 checks modulepreload fetches against script-src too).
  const nonce = c.get('nonce')
  const preload = new Set<string>(manifest.clientImports)
  // A deferred island's code and strings load when it is needed, not with the page (hydrate-when.ts):
  // only what runs before interaction is preloaded or embedded (docs/performance.md "What loads when").
  const onLoad = [...used].filter((name) => !(name in hydrateWhen))
  for (const name of onLoad) {
    const chunk = manifest.islands[name]
    if (!chunk) continue
    preload.add(chunk.file)
    for (const file of chunk.imports) preload.add(file)
  }
  return (
    <>
      <script
        type="application/json"
        id={CLIENT_MESSAGES_ELEMENT_ID}
        data-locale={locale}
        data-more={manifest.messages}
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: safeJson(pickClientMessages(LOCALE_TABLES[locale], onLoad)) }}
      />
      {/* The chunks to preload go as one attribute (file names beside the entry): the entry adds the
          `modulepreload` links itself, after the stylesheet and images are requested and in far
          fewer bytes than a link per chunk (src/islands/client.ts). */}
      <script type="module" src={manifest.client} nonce={nonce} data-preload={[...preload].filter((file) => file !== manifest.client).map(fileName).join(' ')} />
    </>
  )
}

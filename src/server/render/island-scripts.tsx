/**
 * Emits the client entry, island chunk preloads and the client messages — only when this request
 * rendered at least one island (a page without islands ships no JavaScript, DESIGN.md §1).
 * Must be the last child of `<body>` so every island has rendered before it (reference/stack.md §1.5).
 * @module
 */
import { useRequestContext } from '@hono/react-renderer'
import { hydrateWhen } from '../../islands/hydrate-when'
import { CLIENT_MESSAGES_ELEMENT_ID, pickClientMessages } from '../../shared/i18n/client-messages'
import type { AppEnv } from '../env'
import { LOCALE_TABLES } from '../i18n/tables'

/** Inline JSON must not be able to close its script element (reference/stack.md §8 item 10). */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** Script and preload tags for the islands of this request. */
export function IslandScripts() {
  const c = useRequestContext<AppEnv>()
  const used = c.get('islands')
  if (used.size === 0) return null
  const manifest = c.get('manifest')
  const locale = c.get('locale')
  // The CSP nonce (issue 10 point 3) on all three: CSP3 checks modulepreload fetches against script-src too.
  const nonce = c.get('nonce')
  const preload = new Set<string>(manifest.clientImports)
  for (const name of used) {
    // A deferred island's code loads when it is needed, not with the page (hydrate-when.ts).
    if (name in hydrateWhen) continue
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
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: safeJson(pickClientMessages(LOCALE_TABLES[locale], used)) }}
      />
      {[...preload].map((file) => (
        <link key={file} rel="modulepreload" href={file} nonce={nonce} />
      ))}
      <script type="module" src={manifest.client} nonce={nonce} />
    </>
  )
}

/**
 * The client build manifest written by `src/islands/build.ts` and read by the server to emit
 * script, preload and stylesheet tags with hashed file names (reference/stack.md §1.5).
 * @module
 */
import { z } from 'zod'

/** One island chunk and the shared chunks it imports. */
export const islandChunkSchema = z.object({ file: z.string(), imports: z.array(z.string()) })

/** `manifest.json` as written by the build. */
export const clientManifestSchema = z.object({
  /** Build id; changes with every build that changes an output (SPEC §7 build check). */
  buildId: z.string(),
  /** The one client entry (`/assets/client-<hash>.js`). */
  client: z.string(),
  /** Shared chunks the entry imports (preloaded with it). */
  clientImports: z.array(z.string()),
  /** The hashed stylesheet (`/assets/styles-<hash>.css`). */
  css: z.string(),
  /**
   * The operator console's stylesheet (`/assets/admin-<hash>.css`, static/admin.css), loaded after
   * `css` by the account site's `/admin…` pages only, so the public sheet stays small (the first paint waits for it).
   */
  adminCss: z.string().optional(),
  /** The hashed icon sprite (`/assets/icons-<hash>.svg`, src/shared/ui/icon-sprite.ts). */
  icons: z.string(),
  /**
   * Hashed URL prefix of the per-locale strings of each island (`<prefix>-<locale>-<island>.json`),
   * fetched when a deferred island starts (src/shared/i18n/client-messages.ts).
   */
  messages: z.string().optional(),
  /**
   * The account site's proof script (`/assets/proof-form-<hash>.js`, src/islands/accounts/proof-form.ts):
   * solves an anti-bot proof ahead on credential forms.
   */
  accountProof: z.string().optional(),
  /** Island name → its lazy chunk. */
  islands: z.record(z.string(), islandChunkSchema),
})
/** The parsed manifest. */
export type ClientManifest = z.infer<typeof clientManifestSchema>

/** Where the build writes the manifest, relative to the assets directory `dist/client`. */
export const MANIFEST_PATH = '/manifest.json'

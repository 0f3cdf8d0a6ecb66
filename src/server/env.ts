/**
 * The Hono environment of the web app: per-request variables set by middleware and read by pages.
 * @module
 */
import type { ClientManifest } from '../shared/client-manifest'
import type { Flags } from '../shared/flags'
import type { I18nValue } from '../shared/i18n/context'
import type { IslandName } from '../islands/registry'
import type { ApiClient } from './api-client'
import type { AppOptions } from './app-options'

/** Variables every request carries. */
export interface AppVariables {
  /** Active language, from the URL prefix (SPEC §4: the language decides the prefix). */
  locale: I18nValue['locale']
  /** Request path without the language prefix, e.g. `/skins`. */
  appPath: string
  /** Translator for this request. */
  i18n: I18nValue
  /** Islands rendered in this request; `<IslandScripts/>` emits the client entry only if non-empty. */
  islands: Set<IslandName>
  /** Client build manifest. */
  manifest: ClientManifest
  /** Feature flags. */
  flags: Flags
  /** The app options (config, links, clock). */
  options: AppOptions
  /** API client bound to this request (forwards the visitor's cookies). */
  api: ApiClient
  /** CSP nonce of this response: every rendered `<script>` carries it. */
  nonce: string
}

/** Hono env type used across `src/server`. */
export interface AppEnv {
  Variables: AppVariables
}

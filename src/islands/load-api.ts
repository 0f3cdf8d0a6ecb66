/**
 * Loads the browser's API client on first use: it carries the HTTP client, which no page needs for
 * its first paint (DESIGN.md §4 JavaScript budget).
 * @module
 */
import type { ApiClient } from '../shared/api/client'

/** The browser's API client. */
export const loadBrowserApi = (): Promise<ApiClient> => import('../shared/api/browser-client').then((m) => m.browserApi)

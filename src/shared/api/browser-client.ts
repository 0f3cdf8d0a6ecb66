/**
 * The browser's API client (SPEC §7): the site's own `/api`, credentials when the visitor is signed
 * in (SPEC §4 "authed flag"), notices as snackbars (SPEC §8). Loaded only when a call is about to be
 * made — it carries the HTTP client, which no page needs for its first paint (DESIGN.md §4).
 * @module
 */
import { isAuthed } from '../stores/auth'
import { showSnackbar } from '../stores/snackbars'
import { createApiClient } from './client'

/** The one API client of the browser. */
export const browserApi = createApiClient({
  baseURL: '/api',
  authed: isAuthed,
  notify: (notice) => void showSnackbar({ text: notice.text, color: notice.kind }),
})

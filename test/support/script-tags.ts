/**
 * The tags of a page that CSP's `script-src` governs: every `<script>` the browser may run and every
 * `modulepreload` link. Island props blocks (`type="x-island/props"`, src/islands/island-props.ts)
 * are data the browser never runs, so they carry no nonce and are left out.
 * @module
 */

/** Each executable `<script>` start tag and `modulepreload` link of `html`. */
export const executableScriptTags = (html: string): string[] =>
  [...html.matchAll(/<script\b(?![^>]*type="x-island\/props")[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g)].map(([tag]) => tag)

/**
 * Where an island's props are in the page: a JSON data block right after its `<x-island>` element
 * (src/server/render/island.tsx); an island without one has no props (`{}`).
 * @module
 */

/** The `type` of the data block (not a JavaScript type, so the browser never runs it). */
export const ISLAND_PROPS_TYPE = 'x-island/props'

/** The props of the island `element`, read from the data block after it. */
export function islandProps(element: Element): Record<string, unknown> {
  const next = element.nextElementSibling
  if (next instanceof HTMLScriptElement && next.type === ISLAND_PROPS_TYPE) return JSON.parse(next.textContent ?? '{}')
  return {}
}

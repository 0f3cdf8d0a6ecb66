/**
 * Reads an island's props from server HTML the way the client does (src/islands/island-props.ts):
 * the JSON data block right after the island's `<x-island>` element.
 * @module
 */
import { ISLAND_PROPS_TYPE } from '../../src/islands/island-props'

/** The props of the first island `name` in `html`; undefined when the page has no such island, `{}` when it has no props. */
export function islandPropsIn(html: string, name: string): Record<string, unknown> | undefined {
  const match = new RegExp(`<x-island data-island="${name}"[^>]*>[\\s\\S]*?</x-island>(<script type="${ISLAND_PROPS_TYPE}">([\\s\\S]*?)</script>)?`).exec(html)
  if (!match) return undefined
  return match[2] === undefined ? {} : (JSON.parse(match[2]) as Record<string, unknown>)
}

/**
 * The web token's `minecraft` claim (the Minecraft account the user linked to wear skins on,
 * docs/wear.md), checked before it is shown: its id and name reach `/render` URLs and the drawer, so a
 * claim the account site would never write shows nothing rather than something odd. Kept apart from
 * ./web-cookie.ts, which runs on every page, so only the drawer's chunk carries it.
 * @module
 */

/** The linked Minecraft account. */
export interface WebMinecraft {
  /** The profile's uuid, 32 hex without dashes. */
  id: string
  /** The profile name: 1–16 of `A-Z a-z 0-9 _`. */
  name: string
  /** The texture hash (64 hex) of the skin the profile wore when the token was issued; absent when unknown. */
  skin?: string
}

/** True when `value` is a string that `pattern` matches (no coercion: `['ab']` is no string). */
const matches = (value: unknown, pattern: RegExp): value is string => typeof value === 'string' && pattern.test(value)

/** The claim when it is well-formed, else undefined; a malformed `skin` alone is dropped (the face shows a placeholder). */
export function minecraftOf(claim: unknown): WebMinecraft | undefined {
  const { id, name, skin } = (claim ?? {}) as Record<string, unknown>
  return matches(id, /^[\da-f]{32}$/i) && matches(name, /^\w{1,16}$/) ? { id, name, ...(matches(skin, /^[\da-f]{64}$/i) ? { skin } : {}) } : undefined
}

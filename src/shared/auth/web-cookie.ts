/**
 * The account site's web cookie (SPEC §9: sessions are a web cookie and an API cookie). The web
 * cookie is readable by scripts and holds a JWT whose payload carries what the app displays: user id,
 * email, name, picture, grants and the linked Minecraft account ("Wear it"). The app only decodes the
 * payload for display (no verification: the API checks its own HttpOnly cookie), and its mere
 * presence tells whether a current-user call or a token refresh can help, so anonymous visitors make
 * no request that can only fail.
 * No library: this runs on every page load (DESIGN.md §4 JavaScript budget).
 * @module
 */

/** The web cookie's name, set by the account site (src/accounts). */
export const WEB_COOKIE = 'ssg_web'

/** What the web token tells the app about the signed-in user. */
export interface WebUser {
  /** The user id (`sub`). */
  id: string
  email?: string
  name?: string
  /** Avatar image URL. */
  picture?: string
  /** The grants map (SPEC §6), e.g. `ad_free`, `private_skins`. */
  grants: Record<string, unknown>
  /** Expiry in seconds since the epoch, when the token has one. */
  exp?: number
  /**
   * The `minecraft` claim as it came (the linked Minecraft account): checked where it is shown
   * (./minecraft-claim.ts), so the check's code loads with the drawer, not on every page.
   */
  minecraft?: unknown
}

/** The value of cookie `name` in a `document.cookie` string, or undefined. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    const value = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

/** Decodes one base64url segment to text (UTF-8), or undefined when it is not base64url. */
function base64UrlText(segment: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return undefined
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (segment.length % 4)) % 4)
  try {
    const binary = atob(base64)
    return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
  } catch {
    return undefined
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** The user a web token describes, or undefined when it is not a JWT with a subject. */
export function decodeWebToken(token: string): WebUser | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const json = base64UrlText(parts[1] ?? '')
  if (json === undefined) return undefined
  let payload: unknown
  try {
    payload = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!payload || typeof payload !== 'object') return undefined
  const claims = payload as Record<string, unknown>
  const id = text(claims.sub) ?? text(claims.user)
  if (!id) return undefined
  const grants = claims.grants && typeof claims.grants === 'object' && !Array.isArray(claims.grants) ? (claims.grants as Record<string, unknown>) : {}
  return { id, email: text(claims.email), name: text(claims.name), picture: text(claims.picture), grants, exp: typeof claims.exp === 'number' ? claims.exp : undefined, minecraft: claims.minecraft }
}

/** The signed-in user from a `document.cookie` string, or undefined when the web cookie is absent or unreadable. */
export function webUserFromCookies(cookies: string): WebUser | undefined {
  const token = readCookie(cookies, WEB_COOKIE)
  return token ? decodeWebToken(token) : undefined
}

/** A `document.cookie` assignment that drops the app's view of the web cookie (SPEC §2 "signed out locally"). */
export const expireWebCookie = (): string => `${WEB_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`

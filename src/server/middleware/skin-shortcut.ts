/**
 * The `/{skin}` shortcut (SPEC §5): no value → the localised `/skins` list; a value of exactly 8, 32
 * or 36 characters → the localised `/skins/{skin}`; anything else is "Page not found". Only browsers
 * get here with a skin id: other clients get the PNG first (skin-link-png.ts).
 * @module
 */
import type { Context } from 'hono'
import { hasSkinIdLength } from '../../shared/skin-id'
import { ROUTES, localizePath, skinPath } from '../../shared/routes'
import type { AppEnv } from '../env'

/** Where `/{value}` leads, or null for a 404. */
export function skinShortcutTarget(value: string, locale: AppEnv['Variables']['locale']): string | null {
  const skin = value.trim()
  if (!skin) return localizePath(ROUTES.skins, locale)
  return hasSkinIdLength(skin) ? skinPath(skin, locale) : null
}

/** The decoded value of an app path `/{value}`, or null when it is not one path segment. */
export function shortcutValue(appPath: string): string | null {
  let value: string
  try {
    value = decodeURIComponent(appPath.slice(1))
  } catch {
    return null
  }
  return value.includes('/') ? null : value
}

/** Handler for `/:skin` and `/{locale}/:skin`. */
export function skinShortcut(c: Context<AppEnv>) {
  const value = shortcutValue(c.get('appPath'))
  if (value === null) return c.notFound()
  const target = skinShortcutTarget(value, c.get('locale'))
  return target ? c.redirect(target, 302) : c.notFound()
}

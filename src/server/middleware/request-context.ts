/**
 * First middleware of every request: language from the URL prefix, the per-request translator,
 * the island set, manifest, flags and an API client (DESIGN.md §2 flow 1).
 * @module
 */
import { createMiddleware } from 'hono/factory'
import { DEFAULT_FLAGS } from '../../shared/flags'
import { createTranslator } from '../../shared/i18n/translator'
import { DEFAULT_LOCALE } from '../../shared/locales'
import { splitLocale } from '../../shared/routes'
import { serverApiClient } from '../api-client'
import type { AppOptions } from '../app-options'
import type { AppEnv } from '../env'
import { LOCALE_TABLES } from '../../shared/i18n/locale-tables'
import { setIconSprite } from '../../shared/ui/icon-sprite'

/** Sets the request variables every page and error handler reads. */
export const requestContext = (options: AppOptions) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { locale, path } = splitLocale(c.req.path)
    const active = locale ?? DEFAULT_LOCALE
    c.set('locale', active)
    c.set('appPath', path)
    c.set('i18n', { locale: active, t: createTranslator(active, LOCALE_TABLES[active]) })
    c.set('islands', new Set())
    c.set('options', options)
    const manifest = await options.manifest()
    c.set('manifest', manifest)
    // One sprite per build: every request of a build sets the same URL (src/shared/ui/icon-sprite.ts).
    setIconSprite(manifest.icons)
    // Flags only tune optional features: an unreadable flags source must not take pages down (SPEC §7).
    c.set('flags', await options.flags().catch((error: unknown) => (console.warn('[flags]', error), DEFAULT_FLAGS)))
    c.set('api', serverApiClient(options.api, c.req.header('cookie')))
    await next()
  })

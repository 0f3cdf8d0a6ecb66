/**
 * Applies the shared route-rule table (SPEC §2 "Server-defined route rules can redirect").
 * Internal targets keep the language prefix; external targets are plain redirects.
 * @module
 */
import { createMiddleware } from 'hono/factory'
import { localizeUrl } from '../../shared/language-switch'
import { isExternalTarget, routeRules } from '../../shared/route-rules'
import type { AppEnv } from '../env'

/** Redirects when the path without prefix matches a rule. */
export const applyRouteRules = createMiddleware<AppEnv>(async (c, next) => {
  const rules = routeRules(c.get('options').siteLinks)
  const rule = rules.find((r) => r.from === c.get('appPath'))
  if (!rule) return next()
  const target = isExternalTarget(rule.to) ? rule.to : localizeUrl(rule.to + new URL(c.req.url).search, c.get('locale'))
  return c.redirect(target, rule.status)
})

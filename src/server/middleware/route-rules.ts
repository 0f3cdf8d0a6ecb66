/**
 * Applies the shared route-rule table (SPEC §2 "Server-defined route rules can redirect").
 * Internal targets keep the language prefix; external targets are plain redirects.
 * @module
 */
import { createMiddleware } from 'hono/factory'
import { localizeUrl } from '../../shared/language-switch'
import { isExternalTarget, routeRules, type RouteRule } from '../../shared/route-rules'
import type { SiteLinks } from '../../shared/site-links'
import type { AppEnv } from '../env'

/** The rules of a configuration by source path, built once per configuration (not per request). */
const rulesByLinks = new WeakMap<SiteLinks, Map<string, RouteRule>>()
const rulesFor = (links: SiteLinks) => {
  let rules = rulesByLinks.get(links)
  if (!rules) rulesByLinks.set(links, (rules = new Map(routeRules(links).map((r) => [r.from, r]))))
  return rules
}

/** Redirects when the path without prefix matches a rule. */
export const applyRouteRules = createMiddleware<AppEnv>(async (c, next) => {
  const rule = rulesFor(c.get('options').siteLinks).get(c.get('appPath'))
  if (!rule) return next()
  const target = isExternalTarget(rule.to) ? rule.to : localizeUrl(rule.to + new URL(c.req.url).search, c.get('locale'))
  return c.redirect(target, rule.status)
})

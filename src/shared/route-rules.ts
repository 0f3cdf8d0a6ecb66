/**
 * Server-defined route rules (SPEC §2): one data table used by the Bun and the Worker runtime alike.
 * An internal target keeps the visitor's language prefix; an external target (absolute URL) is a
 * plain redirect that the browser follows with a full page load.
 * @module
 */
import type { SiteLinks } from './site-links'

/** One redirect rule, matched on the path without its language prefix. */
export interface RouteRule {
  /** Exact app path without language prefix, e.g. `/gallery`. */
  from: string
  /** App path (localised on redirect) or absolute http(s) URL (external). */
  to: string
  /** Redirect status: permanent moves use 301/308, links that may change use 302/307. */
  status: 301 | 302 | 307 | 308
}

/** Builds the rule table from the configured site links. */
export const routeRules = (links: SiteLinks): readonly RouteRule[] => {
  const rules: { from: string; to: string | undefined; status: RouteRule['status'] }[] = [
    // The route name 'gallery' is the gallery list (SPEC §2); one canonical URL for search engines.
    { from: '/gallery', to: '/skins', status: 301 },
    // Short links people paste in chats; they follow the operator's configured targets (none without one).
    { from: '/discord', to: links.chat, status: 302 },
    { from: '/github', to: links.source, status: 302 },
    { from: '/docs', to: links.docs, status: 302 },
    { from: '/translate', to: links.translate, status: 302 },
  ]
  return rules.filter((rule): rule is RouteRule => rule.to !== undefined)
}

/** True when a rule target leaves this site (the browser then does a full load). */
export const isExternalTarget = (to: string): boolean => /^https?:\/\//i.test(to)

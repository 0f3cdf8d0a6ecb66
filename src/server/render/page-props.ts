/**
 * What a page tells the layout through `c.render(node, props)`.
 * @module
 */
import '@hono/react-renderer'

declare module '@hono/react-renderer' {
  interface Props {
    /** Page title; the document title becomes '{title} - Skin Signature Generator' (SPEC §1). Omit on home. */
    title?: string
    /** Meta description; the default description (SPEC §1) when omitted. */
    description?: string
    /** Absolute or root-relative image for og:image. */
    image?: string
    /** Keep this page out of search indexes (error pages). */
    noindex?: boolean
    /** Set false for pages that exist only without a prefix (no hreflang alternates). */
    localized?: boolean
    /** Seconds after which the browser loads the page again (a job page while its job runs). */
    refresh?: number
  }
}

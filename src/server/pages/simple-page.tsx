/**
 * A page made of a heading and a lead paragraph, for routes whose content other parts add
 * (account, API key, export, cape, my skins) — they still render in every language.
 * @module
 */
import type { ReactNode } from 'react'

/** Heading, lead and optional content. */
export function SimplePage({ heading, lead, children }: { heading: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="page">
      <h1>{heading}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </section>
  )
}

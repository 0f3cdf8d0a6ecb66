/**
 * The console's card: a section titled by its `h2` (the status and user pages are rows of
 * them). One place for the heading's id, which the section's `aria-labelledby` names.
 * @module
 */
import type { ReactNode } from 'react'

/** A titled card; `id` is the heading's id (tests and the section's label use it). */
export function ConsoleCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}

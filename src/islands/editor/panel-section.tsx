/**
 * One section of the side panel: a native disclosure (`<details>`), so on a phone the panel is a
 * short list of titles that open where the visitor needs them, and on a desktop everything is open.
 * @module
 */
import type { ReactNode } from 'react'

/** A collapsible section with a title. */
export function PanelSection({ title, open, name, children }: { title: string; open: boolean; name: string; children: ReactNode }) {
  return (
    <details className="editor-section" open={open} data-section={name}>
      <summary className="editor-section__title">{title}</summary>
      <div className="editor-section__body">{children}</div>
    </details>
  )
}

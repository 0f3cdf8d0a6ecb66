/** The island marker element (reference/stack.md §1.5): `display: contents`, carries name and id prefix; the JSON props follow it (src/islands/island-props.ts). */
import 'react'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'x-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-island': string
        'data-prefix': string
      }
    }
  }
}
